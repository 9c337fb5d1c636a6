// The one way to the upstream Dictionary Data Service: a keep-alive connection pool that
// adds the API key, bounds every request in time (body included) and size, and hands back
// JSON only, re-serialized with the key removed from every string, so that the key cannot
// travel back in any encoding and no upstream text is relayed as it came.
import { Pool, type Dispatcher } from 'undici';
import { TRANSCRIPTION_PARAM } from '../../src/api/catalog';

export interface UpstreamClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Connections kept open to the upstream, and so requests in flight at once. */
  connections: number;
  /** Milliseconds for a whole request, body included. */
  timeoutMs: number;
}

/** What the upstream answered: its status, and its body if that was JSON. */
export interface UpstreamAnswer {
  status: number;
  /** The body as compact JSON, the key redacted; undefined when the body was not JSON. */
  json?: string;
}

/** The upstream could not be asked, or its answer could not be read: 502, or 504 for a timeout. */
export class UpstreamFailure extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

export const MAX_BODY_BYTES = 4 * 1024 * 1024;
const TIMEOUT_MESSAGE = 'The dictionary service did not answer in time.';
const UNREACHABLE = 'The dictionary service could not be reached.';

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
const REDACTED = '[redacted]';

/** The value with the key replaced in every string and property name. */
function redact(value: unknown, key: string): unknown {
  if (typeof value === 'string') return value.includes(key) ? value.split(key).join(REDACTED) : value;
  if (Array.isArray(value)) return value.map((item) => redact(item, key));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [redact(name, key), redact(item, key)]));
  }
  return value;
}

export class UpstreamClient {
  private readonly pool: Pool;
  private readonly basePath: string;
  private readonly deadlines: Deadlines;

  constructor(private readonly options: UpstreamClientOptions) {
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

  /**
   * One request. A whole entry is thousands of them, so this is undici's callback interface,
   * without a stream, a promise or a timer of each request's own: the bodies are small, and
   * their time bound is checked for all of them by one timer (Deadlines).
   */
  send(
    method: 'GET' | 'POST',
    segments: string[],
    { transcription, body }: { transcription?: string; body?: unknown } = {},
  ): Promise<UpstreamAnswer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let status = 0;
      let controller: Dispatcher.DispatchController | undefined;
      let failure: UpstreamFailure | undefined;
      const stop = (reason: UpstreamFailure) => {
        failure ??= reason;
        controller?.abort(reason);
      };
      const forget = this.deadlines.add(() => stop(new UpstreamFailure(504, TIMEOUT_MESSAGE)));
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
          onResponseStart: (_, statusCode) => {
            status = statusCode;
          },
          onResponseData: (_, chunk) => {
            size += chunk.length;
            if (size > MAX_BODY_BYTES)
              stop(new UpstreamFailure(502, 'The dictionary service sent a response too large to read.'));
            else chunks.push(chunk);
          },
          onResponseEnd: () => {
            forget();
            if (status < 200 || status > 599)
              reject(new UpstreamFailure(502, `The dictionary service answered ${status}.`));
            else resolve({ status, json: this.compactJson(Buffer.concat(chunks, size).toString('utf8')) });
          },
          onResponseError: (_, error) => {
            forget();
            if (failure) return reject(failure);
            const timedOut = (error as { code?: string }).code?.endsWith('_TIMEOUT');
            reject(timedOut ? new UpstreamFailure(504, TIMEOUT_MESSAGE) : new UpstreamFailure(502, UNREACHABLE));
          },
        },
      );
    });
  }

  /** The text as one line of JSON without the key, or undefined if it is not JSON. */
  private compactJson(text: string): string | undefined {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
    // With no escape sequence, every decoded string is in the text as it is: if the key is not
    // there, it is nowhere; and with no line break, the text is already one line.
    if (!text.includes('\\') && !text.includes(this.options.apiKey) && !/[\r\n]/.test(text)) return text;
    return JSON.stringify(redact(value, this.options.apiKey));
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
