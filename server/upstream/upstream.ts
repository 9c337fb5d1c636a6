// The upstream service as the server's routes use it: GETs go through an in-memory LRU cache
// (the data is read-only; 404s are kept for a shorter time), identical GETs in flight are
// made once, and every request waits for a fair turn of the bounded connection pool.
import { TRANSCRIPTION_PARAM } from '../../src/api/catalog';
import { UpstreamClient, type UpstreamAnswer } from './client';
import { LruCache } from '../lru-cache';
import { MissingOperations } from './missing-operations';
import { Cancelled, FairScheduler, type Job } from './scheduler';

export interface UpstreamOptions {
  baseUrl: string;
  apiKey: string;
  /** Upstream requests in flight at once (and connections kept open). */
  concurrency: number;
  /** Milliseconds for one upstream request, body included. */
  timeoutMs: number;
  cache: {
    /** Milliseconds an answer is kept. */
    ttlMs: number;
    /** Milliseconds a 404 is kept. */
    notFoundTtlMs: number;
    maxBytes: number;
  };
}

export const UPSTREAM_DEFAULTS = {
  concurrency: 256,
  timeoutMs: 15_000,
  cache: { ttlMs: 3_600_000, notFoundTtlMs: 300_000, maxBytes: 256 * 1024 * 1024 },
} satisfies Omit<UpstreamOptions, 'baseUrl' | 'apiKey'>;

/** One upstream GET in flight, and how many jobs wait for its answer. */
interface Flight {
  request: Promise<UpstreamAnswer>;
  abort: AbortController;
  waiting: number;
}

/** Only these are worth keeping: the data itself, and its absence. */
const ttlOf = ({ status, json }: UpstreamAnswer, options: UpstreamOptions['cache']) =>
  status === 200 && json !== undefined ? options.ttlMs : status === 404 ? options.notFoundTtlMs : 0;

/** Rough memory held by a cached answer: the JS string (two bytes a character), its key and bookkeeping. */
const bytesOf = (key: string, answer: UpstreamAnswer) => 2 * (key.length + (answer.json?.length ?? 0)) + 200;

export class Upstream {
  readonly scheduler: FairScheduler;
  readonly missing: MissingOperations;
  private readonly client: UpstreamClient;
  private readonly cache: LruCache<UpstreamAnswer>;
  private readonly flights = new Map<string, Flight>();

  constructor(
    private readonly options: UpstreamOptions,
    log: (message: string) => void,
  ) {
    this.client = new UpstreamClient({ ...options, connections: options.concurrency });
    this.scheduler = new FairScheduler(options.concurrency);
    this.cache = new LruCache(options.cache.maxBytes);
    this.missing = new MissingOperations(options.cache.ttlMs, log);
  }

  /** A GET of one operation, from the cache when it has the answer. */
  async get(segments: string[], transcription: string | undefined, job: Job): Promise<UpstreamAnswer> {
    const key = `${segments.join('/')}${transcription === undefined ? '' : `?${TRANSCRIPTION_PARAM}=${transcription}`}`;
    for (;;) {
      const cached = this.cache.get(key);
      if (cached) return cached;
      let flight = this.flights.get(key);
      if (flight) job.joined++;
      else {
        const abort = new AbortController();
        const request = job
          .schedule(() => this.client.send('GET', segments, { transcription, signal: abort.signal }))
          .then((answer) => {
            this.cache.set(key, answer, bytesOf(key, answer), ttlOf(answer, this.options.cache));
            return answer;
          });
        const started: Flight = { request, abort, waiting: 0 };
        const forget = () => {
          if (this.flights.get(key) === started) this.flights.delete(key);
        };
        request.then(forget, forget);
        this.flights.set(key, started);
        flight = started;
      }
      // A job whose client has gone stops waiting; once no job waits for the answer, the
      // request is stopped.
      const waited = flight;
      waited.waiting++;
      let stopWatching = () => {};
      const cancelled = new Promise<never>((_, reject) => {
        stopWatching = job.whenCancelled(() => {
          if (--waited.waiting === 0) waited.abort.abort();
          reject(new Cancelled());
        });
      });
      try {
        return await Promise.race([waited.request, cancelled]);
      } catch (error) {
        // Another reader's request for the same answer was dropped with its job: ask in ours.
        if (error instanceof Cancelled && !job.cancelled) continue;
        throw error;
      } finally {
        stopWatching();
      }
    }
  }

  /** A search: never cached, as its body is the client's. */
  post(segments: string[], body: unknown, job: Job): Promise<UpstreamAnswer> {
    return job.schedule(() => this.client.send('POST', segments, { body }));
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
