import type { DefinitionLine, EndLine, EntryLine } from '../../src/api/schemas';

export type WholeEntryLine = EntryLine | DefinitionLine | EndLine;

/** The lines of a whole-entry body. */
export const ndjsonLines = (body: string): WholeEntryLine[] =>
  body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as WholeEntryLine);
