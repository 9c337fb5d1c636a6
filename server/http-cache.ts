// HTTP caching and compression of /api responses, so that the browser, and any CDN or caching
// proxy in front of any number of instances, can keep and serve the read-only data:
// - GET answers carry Cache-Control (public with max-age and stale-while-revalidate for 200,
//   shorter for 404, no-store for failures) and a strong ETag; If-None-Match is answered 304;
// - bodies go out br- or gzip-compressed when the client accepts it; a streamed body is
//   flushed after each chunk, so that what is sent reaches the client at once.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LruCache } from './lru-cache';

export interface HttpCacheOptions {
  /** Seconds a 200 answer may be used without asking again. */
  maxAge: number;
  /** Seconds after that during which a cache may still use it while it asks again. */
  staleWhileRevalidate: number;
}

export const DEFAULT_HTTP_CACHE: HttpCacheOptions = { maxAge: 3600, staleWhileRevalidate: 86400 };

/** Not worth compressing below this many bytes. */
const MIN_COMPRESSED_BYTES = 1024;
/** An absent section or unknown entry is kept at most this long. */
const NOT_FOUND_MAX_AGE = 60;

type Encoding = 'br' | 'gzip';
const ETAG_SUFFIX: Record<Encoding, string> = { br: '-br', gzip: '-gz' };

// Quality 5 and level 6: most of the gain for little CPU, as the bodies are made on demand.
const brotliOptions = (size?: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    ...(size ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } : {}),
  },
});
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding to send: br if accepted, else gzip if accepted, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? (accepted.get('*') || 0);
  return weight('br') > 0 ? 'br' : weight('gzip') > 0 ? 'gzip' : undefined;
}

function cacheControl(status: number, { maxAge, staleWhileRevalidate }: HttpCacheOptions): string {
  if (status === 200) return `public, max-age=${maxAge}, stale-while-revalidate=${staleWhileRevalidate}`;
  if (status === 404) return `public, max-age=${Math.min(maxAge, NOT_FOUND_MAX_AGE)}`;
  return 'no-store';
}

/** A strong ETag of the body, one for each encoding it is sent in. */
export const strongTag = (body: string | Buffer, encoding: Encoding | undefined) =>
  `"${createHash('sha1').update(body).digest('base64url')}${encoding ? ETAG_SUFFIX[encoding] : ''}"`;

/** Whether an If-None-Match header names the tag. */
export function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value.replace(/^W\//, '') === tag;
  });
}

/** The chunks of `source`, compressed, each flushed as soon as it is written. */
function compressStream(source: Readable, encoding: Encoding): Readable {
  const compressor = encoding === 'br' ? zlib.createBrotliCompress(brotliOptions()) : zlib.createGzip();
  const flushKind = encoding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
  compressor.on('close', () => source.destroy());
  void (async () => {
    try {
      for await (const chunk of source) {
        if (!compressor.write(chunk)) await once(compressor, 'drain');
        compressor.flush(flushKind);
      }
      compressor.end();
    } catch (error) {
      compressor.destroy(error as Error);
    }
  })();
  return compressor;
}

async function compressBody(body: string | Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, brotliOptions(Buffer.byteLength(body))) : gzip(body);
}

/** Adds a request header to those the answer varies with. */
function addVary(reply: FastifyReply, name: string) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, ${name}` : name);
}

/** Compressed bodies by ETag: an answer asked for again is not compressed again. */
const COMPRESSED_CACHE_BYTES = 32 * 1024 * 1024;
const DAY_MS = 86_400_000;

async function onSend(
  options: HttpCacheOptions,
  compressed: LruCache<Buffer>,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) {
  const cacheable = request.method === 'GET' || request.method === 'HEAD';
  if (cacheable && !reply.hasHeader('cache-control'))
    reply.header('cache-control', cacheControl(reply.statusCode, options));
  if (reply.hasHeader('content-encoding')) return payload;

  if (payload instanceof Readable) {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    addVary(reply, 'accept-encoding');
    if (!encoding) return payload;
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return compressStream(payload, encoding);
  }
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;

  const compressible = Buffer.byteLength(payload) >= MIN_COMPRESSED_BYTES;
  const encoding = compressible ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  if (compressible) addVary(reply, 'accept-encoding');
  let tag: string | undefined;
  if (cacheable && reply.statusCode === 200) {
    tag = strongTag(payload, encoding);
    reply.header('etag', tag);
    if (matches(request.headers['if-none-match'], tag)) {
      reply.code(304).removeHeader('content-type').removeHeader('content-length');
      return '';
    }
  }
  if (!encoding) return payload;
  reply.header('content-encoding', encoding).removeHeader('content-length');
  const kept = tag === undefined ? undefined : compressed.get(tag);
  if (kept) return kept;
  const body = await compressBody(payload, encoding);
  if (tag !== undefined) compressed.set(tag, body, body.length, DAY_MS);
  return body;
}

/** Caching headers and compression for every response of `app`'s scope. */
export function useHttpCaching(app: FastifyInstance, options: HttpCacheOptions): void {
  const compressed = new LruCache<Buffer>(COMPRESSED_CACHE_BYTES);
  app.addHook('onSend', async (request, reply, payload) => onSend(options, compressed, request, reply, payload));
}
