// The one way to the upstream Dictionary Data Service: a keep-alive connection pool that
// adds the API key, bounds every request in time (body included) and size, and hands back
// JSON only, re-serialized with the key removed from every string, so that the key cannot
// travel back in any encoding and no upstream text is relayed as it came.
import zlib from 'node:zlib';
import { Pool, type Dispatcher } from 'undici';
import { TRANSCRIPTION_PARAM } from '../../src/api/catalog';
import { KeyRedactor } from './key-redaction';
import { Cancelled } from './scheduler';

export interface UpstreamClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Connections kept open to the upstream, and so requests in flight at once. */
  connections: number;
  /** Milliseconds for a whole request, body included. */
  timeoutMs: number;
}

export interface SendOptions {
  transcription?: string;
  body?: unknown;
  /** Aborts the request, wherever it is: nobody waits for its answer any more. */
  signal?: AbortSignal;
}

/** What the upstream answered: its status, and its body if that was JSON. */
export interface UpstreamAnswer {
  status: number;
  /** The body as compact JSON, the key redacted; undefined when the body was not JSON. */
  json?: string;
}

/**
 * The upstream could not be asked, or its answer could not be read: 502, or 504 for a timeout.
 * The message is for the reader; `detail`, for the operator's log, says what happened.
 */
export class UpstreamFailure extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
    readonly detail = message,
  ) {
    super(message);
  }
}

export const MAX_BODY_BYTES = 4 * 1024 * 1024;
const TIMEOUT_MESSAGE = 'The dictionary service did not answer in time.';
const UNREACHABLE = 'The dictionary service could not be reached.';
const UNUSABLE = 'The dictionary service sent an answer that could not be read.';

/** The connection closed before any answer: it may have been closed by the upstream as it was reused. */
class StaleConnection extends UpstreamFailure {
  constructor(detail: string) {
    super(502, UNREACHABLE, detail);
  }
}

/**
 * The body as sent, decompressed if the upstream compressed it although it was not asked to,
 * to MAX_BODY_BYTES at most: more throws, as does an encoding not known.
 */
function decoded(body: Buffer, encoding: string): Buffer {
  const bound = { maxOutputLength: MAX_BODY_BYTES };
  if (encoding === 'identity' || encoding === '') return body;
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.gunzipSync(body, bound);
  if (encoding === 'deflate') return zlib.inflateSync(body, bound);
  if (encoding === 'br') return zlib.brotliDecompressSync(body, bound);
  throw new Error(`unknown content encoding "${encoding}"`);
}

/** Calls each request's `expire` once its time is up, all from one timer. */
class Deadlines {
  private readonly pending = new Set<{ at: number; expire: () => void }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ms: number) {}

  /** Starts the clock for one request; returns what stops it. */
  add(expire: () => void): () => void {
    const item = { at: Date.now() + this.ms, expire };
    this.pending.add(item);
    this.timer ??= setInterval(() => this.sweep(), Math.max(20, Math.min(1000, this.ms / 10))).unref();
    return () => {
      this.pending.delete(item);
      if (this.pending.size === 0) this.timer = void clearInterval(this.timer);
    };
  }

  private sweep() {
    const now = Date.now();
    for (const item of this.pending) {
      if (item.at > now) continue;
      this.pending.delete(item);
      item.expire();
    }
  }
}

/** Our words for an upstream's error status: its own text is never relayed. */
export function upstreamStatusMessage(status: number): string {
  if (status === 404) return 'The dictionary service has no such item.';
  if (status === 401 || status === 403) return `The dictionary service refused our credentials (${status}).`;
  if (status === 429) return 'The dictionary service is busy: try again shortly (429).';
  if (status >= 500) return `The dictionary service failed (${status}).`;
  return `The dictionary service refused the request (${status}).`;
}

export class UpstreamClient {
  private readonly pool: Pool;
  private readonly basePath: string;
  private readonly deadlines: Deadlines;
  private readonly redactor: KeyRedactor;

  constructor(private readonly options: UpstreamClientOptions) {
    this.redactor = new KeyRedactor(options.apiKey);
    const base = new URL(options.baseUrl);
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.pool = new Pool(base.origin, {
      connections: options.connections,
      keepAliveTimeout: 30_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    this.deadlines = new Deadlines(options.timeoutMs);
  }

  /** The request's path and query: checked segments, each encoded, under the base path. */
  private path(segments: string[], transcription: string | undefined): string {
    const path = `${this.basePath}/${segments.map(encodeURIComponent).join('/')}`;
    return transcription === undefined
      ? path
      : `${path}?${new URLSearchParams({ [TRANSCRIPTION_PARAM]: transcription }).toString()}`;
  }

  /** One request; a GET whose kept-alive connection had been closed by the upstream is made again, once. */
  async send(method: 'GET' | 'POST', segments: string[], request: SendOptions = {}): Promise<UpstreamAnswer> {
    try {
      return await this.attempt(method, segments, request);
    } catch (error) {
      if (!(error instanceof StaleConnection) || method !== 'GET') throw error;
      return this.attempt(method, segments, request);
    }
  }

  /**
   * One request. A whole entry is thousands of them, so this is undici's callback interface,
   * without a stream, a promise or a timer of each request's own: the bodies are small, and
   * their time bound is checked for all of them by one timer (Deadlines).
   */
  private attempt(
    method: 'GET' | 'POST',
    segments: string[],
    { transcription, body, signal }: SendOptions,
  ): Promise<UpstreamAnswer> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new Cancelled());
      const chunks: Buffer[] = [];
      let size = 0;
      let status = 0;
      let encoding = 'identity';
      let controller: Dispatcher.DispatchController | undefined;
      let failure: Error | undefined;
      const stop = (reason: Error) => {
        failure ??= reason;
        controller?.abort(reason);
      };
      const cancel = () => stop(new Cancelled());
      signal?.addEventListener('abort', cancel, { once: true });
      const stopClock = this.deadlines.add(() => stop(new UpstreamFailure(504, TIMEOUT_MESSAGE)));
      const forget = () => {
        stopClock();
        signal?.removeEventListener('abort', cancel);
      };
      this.pool.dispatch(
        {
          method,
          path: this.path(segments, transcription),
          headers: {
            'x-api-key': this.options.apiKey,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        {
          onRequestStart: (started) => {
            controller = started;
            if (failure) started.abort(failure);
          },
          onResponseStart: (_, statusCode, headers) => {
            status = statusCode;
            encoding = String(headers['content-encoding'] ?? 'identity').toLowerCase();
          },
          onResponseData: (_, chunk) => {
            size += chunk.length;
            if (size > MAX_BODY_BYTES) {
              const detail = `The upstream's body passed ${MAX_BODY_BYTES} bytes.`;
              stop(new UpstreamFailure(502, 'The dictionary service sent a response too large to read.', detail));
            } else chunks.push(chunk);
          },
          onResponseEnd: () => {
            forget();
            if (status !== 200 && (status < 400 || status > 599)) {
              return reject(new UpstreamFailure(502, UNUSABLE, `The upstream answered ${status}.`));
            }
            try {
              const text = decoded(Buffer.concat(chunks, size), encoding).toString('utf8');
              resolve({ status, json: this.redactor.compactJson(text) });
            } catch (error) {
              reject(
                new UpstreamFailure(502, UNUSABLE, `The upstream's ${encoding} body: ${(error as Error).message}`),
              );
            }
          },
          onResponseError: (_, error) => {
            forget();
            if (failure) return reject(failure);
            const { code, message } = error as { code?: string; message: string };
            const detail = `${code ?? 'error'}: ${message}`;
            if (code?.endsWith('_TIMEOUT')) return reject(new UpstreamFailure(504, TIMEOUT_MESSAGE, detail));
            const closed = code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
            reject(
              closed && status === 0 ? new StaleConnection(detail) : new UpstreamFailure(502, UNREACHABLE, detail),
            );
          },
        },
      );
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
