// The one way to the upstream Dictionary Data Service: a keep-alive connection pool that
// adds the API key, bounds every request in time (body included) and size, and hands back
// JSON only, re-serialized with the key removed from every string, so that the key cannot
// travel back in any encoding and no upstream text is relayed as it came.
import { Pool } from 'undici';
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

  constructor(private readonly options: UpstreamClientOptions) {
    const base = new URL(options.baseUrl);
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.pool = new Pool(base.origin, {
      connections: options.connections,
      keepAliveTimeout: 30_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      maxResponseSize: MAX_BODY_BYTES,
    });
  }

  /** The request's path and query: checked segments, each encoded, under the base path. */
  private path(segments: string[], transcription: string | undefined): string {
    const path = `${this.basePath}/${segments.map(encodeURIComponent).join('/')}`;
    return transcription === undefined
      ? path
      : `${path}?${new URLSearchParams({ [TRANSCRIPTION_PARAM]: transcription }).toString()}`;
  }

  async send(
    method: 'GET' | 'POST',
    segments: string[],
    { transcription, body }: { transcription?: string; body?: unknown } = {},
  ): Promise<UpstreamAnswer> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let text: string;
    let status: number;
    try {
      const response = await this.pool.request({
        method,
        path: this.path(segments, transcription),
        headers: {
          'x-api-key': this.options.apiKey,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: timeout,
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      if (timeout.aborted) throw new UpstreamFailure(504, 'The dictionary service did not answer in time.');
      if ((error as { code?: string }).code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
        throw new UpstreamFailure(502, 'The dictionary service sent a response too large to read.');
      }
      throw new UpstreamFailure(502, 'The dictionary service could not be reached.');
    }
    if (status < 200 || status > 599) throw new UpstreamFailure(502, `The dictionary service answered ${status}.`);
    return { status, json: this.compactJson(text) };
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
