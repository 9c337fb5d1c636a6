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
      text = await readText(response.body, timeout);
    } catch (error) {
      if (error instanceof UpstreamFailure) throw error;
      if (timeout.aborted) throw new UpstreamFailure(504, 'The dictionary service did not answer in time.');
      throw new UpstreamFailure(502, 'The dictionary service could not be reached.');
    }
    if (status < 200 || status > 599) throw new UpstreamFailure(502, `The dictionary service answered ${status}.`);
    return { status, json: this.compactJson(text) };
  }

  private compactJson(text: string): string | undefined {
    try {
      return JSON.stringify(redact(JSON.parse(text), this.options.apiKey));
    } catch {
      return undefined;
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** The body as text, refused once it grows past MAX_BODY_BYTES. */
async function readText(body: AsyncIterable<Buffer> & { destroy(): void }, signal: AbortSignal): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES || signal.aborted) {
      body.destroy();
      if (signal.aborted) throw new UpstreamFailure(504, 'The dictionary service did not answer in time.');
      throw new UpstreamFailure(502, 'The dictionary service sent a response too large to read.');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
