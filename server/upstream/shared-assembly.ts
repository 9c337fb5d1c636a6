// A whole entry being read from the upstream is read once, however many readers ask for it
// meanwhile (the app's request just after its page, or many readers of the same word at once):
// a reader who comes late gets the lines read so far at once, then the others as they come.
// The reading stops when its last reader goes.
import { Readable } from 'node:stream';
import { assembleEntry, type Assembly, type AssemblyRequest } from './assemble-entry';
import type { Upstream } from './upstream';

type Lines = Extract<Assembly, { lines: Readable }>;

/** Calls `then` when the signal aborts, at once if it has. */
function onAbort(signal: AbortSignal, then: () => void) {
  if (signal.aborted) then();
  else signal.addEventListener('abort', then, { once: true });
}

class Shared {
  /** The lines read so far, as written. */
  private readonly chunks: Buffer[] = [];
  private readonly readers = new Set<Readable>();
  /** Read to its end, or stopped: no one joins it any more. */
  over = false;

  constructor(
    private readonly assembly: Lines,
    /** Stops the reading, or says it is over. */
    private readonly close: (stop: boolean) => void,
  ) {
    assembly.lines.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      for (const reader of this.readers) reader.push(chunk);
    });
    assembly.lines.on('end', () => {
      this.end(false);
      for (const reader of this.readers) reader.push(null);
    });
  }

  private end(stop: boolean) {
    if (this.over) return;
    this.over = true;
    this.close(stop);
  }

  /** A reader of the lines: those read so far, then the rest; it leaves when `signal` aborts. */
  join(signal: AbortSignal): Lines {
    const reader = new Readable({ read() {} });
    for (const chunk of this.chunks) reader.push(chunk);
    this.readers.add(reader);
    const leave = () => {
      this.readers.delete(reader);
      if (this.readers.size === 0) this.end(true);
    };
    onAbort(signal, leave);
    return { lines: reader, cached: false, asked: this.assembly.asked };
  }
}

export class SharedAssemblies {
  /** Entries being read, by database, entry and notation; undefined once known not to be shared. */
  private readonly running = new Map<string, Promise<Shared | undefined>>();

  constructor(private readonly upstream: Upstream) {}

  async assemble(request: AssemblyRequest): Promise<Assembly> {
    const key = JSON.stringify([request.database, request.entryId, request.transcription]);
    const running = this.running.get(key);
    if (running) {
      const shared = await running;
      // Not shared (it failed, or came whole from the cache), or over: read it again, from the cache.
      if (!shared || shared.over) return assembleEntry(this.upstream, request);
      return shared.join(request.signal);
    }
    let settle!: (shared: Shared | undefined) => void;
    this.running.set(key, new Promise((resolve) => (settle = resolve)));
    const stopped = new AbortController();
    let assembly: Assembly;
    try {
      assembly = await assembleEntry(this.upstream, { ...request, signal: stopped.signal });
    } catch (error) {
      this.running.delete(key);
      settle(undefined);
      throw error;
    }
    if ('failed' in assembly || assembly.cached) {
      this.running.delete(key);
      settle(undefined);
      onAbort(request.signal, () => stopped.abort());
      return assembly;
    }
    const shared = new Shared(assembly, (stop) => {
      this.running.delete(key);
      if (stop) stopped.abort();
    });
    settle(shared);
    return shared.join(request.signal);
  }
}
