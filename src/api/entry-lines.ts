// Reads the whole entry from our server (GET /api/{database}/entries/{entryId}): NDJSON lines,
// handed over in batches as they arrive, each checked against its shape.
import { TRANSCRIPTION_PARAM } from './catalog';
import { ApiError, apiPath, send } from './http';
import { DefinitionLine, EndLine, EntryLine, type Schema } from './schemas';
import { mismatch } from './validate';

export type WholeEntryLine = EntryLine | DefinitionLine | EndLine;

const LINE_SHAPES: Record<string, Schema> = { entry: EntryLine, definition: DefinitionLine, end: EndLine };

/** A line of the whole entry from its JSON text, checked against its shape. */
export function parseEntryLine(text: string): WholeEntryLine {
  let line: unknown;
  try {
    line = JSON.parse(text);
  } catch {
    throw new ApiError('invalid-response', 'The server sent part of the entry that is not JSON.');
  }
  const kind = (line as { kind?: unknown } | null)?.kind;
  const shape = typeof kind === 'string' && Object.hasOwn(LINE_SHAPES, kind) ? LINE_SHAPES[kind] : undefined;
  const problem = shape ? mismatch(shape, line) : `no line of the kind ${JSON.stringify(kind)}`;
  if (problem)
    throw new ApiError('invalid-response', `The server sent part of the entry in an unexpected shape (${problem}).`);
  return line as WholeEntryLine;
}

/** The entry's lines (JSON texts, to check with parseEntryLine), a batch for each piece of the body that arrives. */
export async function* readEntryLines(
  database: string,
  entryId: string,
  transcription?: string,
): AsyncGenerator<string[]> {
  const response = await send('GET', apiPath(database, 'entries', entryId), {
    query: { [TRANSCRIPTION_PARAM]: transcription },
  });
  if (!response.body) throw new ApiError('invalid-response', 'The server sent an entry with no body.');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        throw new ApiError('network', 'The connection was lost while the entry was loading.');
      }
      pending += decoder.decode(chunk.value, { stream: !chunk.done });
      const end = chunk.done ? pending.length : pending.lastIndexOf('\n') + 1;
      const lines = pending
        .slice(0, end)
        .split('\n')
        .filter((line) => line.trim());
      pending = pending.slice(end);
      if (lines.length > 0) yield lines;
      if (chunk.done) return;
    }
  } finally {
    // Stops the download when the reader stops early; nothing to do once it is complete.
    void reader.cancel().catch(() => undefined);
  }
}
