import Fastify, { type FastifyInstance } from 'fastify';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleId } from './datasets/sample';
import { chooseEncoding, useHttpCaching } from './http-cache';
import { testServer } from './testing/openapi-conformance';

let server: FastifyInstance;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const mouse = `/api/sample/entries/${sampleId('mouse')}`;

describe('HTTP caching of /api', () => {
  it('gives a 200 GET a public Cache-Control and a strong ETag, and answers If-None-Match with 304', async () => {
    const first = await server.inject(`${mouse}/headword`);
    expect(first.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=86400');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await server.inject({ url: `${mouse}/headword`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const weak = await server.inject({ url: `${mouse}/headword`, headers: { 'if-none-match': `"x", W/${etag}` } });
    expect(weak.statusCode).toBe(304);
    const other = await server.inject({ url: `${mouse}/headword`, headers: { 'if-none-match': '"other"' } });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toBe('mouse');
  });

  it('gives different entries different ETags', async () => {
    const mouseTag = (await server.inject(`${mouse}/headword`)).headers.etag;
    const runTag = (await server.inject(`/api/sample/entries/${sampleId('run')}/headword`)).headers.etag;
    expect(mouseTag).not.toBe(runTag);
  });

  it('keeps a 404 for a minute and never stores a failure', async () => {
    const absent = await server.inject(`${mouse}/last-edited-nothing`);
    expect(absent.statusCode).toBe(404);
    expect(absent.headers['cache-control']).toBe('public, max-age=60');
    const bad = await server.inject(`${mouse}/etymology?phonemic-transcription=nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
    expect(bad.headers.etag).toBeUndefined();
  });

  it.each([
    ['br', zlib.brotliDecompressSync, '-br"'],
    ['gzip', zlib.gunzipSync, '-gz"'],
  ] as const)('sends the whole entry %s-compressed to a client that accepts it', async (encoding, decode, suffix) => {
    const plain = await server.inject(mouse);
    const compressed = await server.inject({ url: mouse, headers: { 'accept-encoding': `${encoding}, identity` } });
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(decode(compressed.rawPayload).toString()).toBe(plain.body);
    expect(compressed.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(String(compressed.headers.etag).endsWith(suffix)).toBe(true);
    const again = await server.inject({ url: mouse, headers: { 'accept-encoding': encoding } });
    expect(decode(again.rawPayload).toString()).toBe(plain.body);
    expect(again.headers.etag).toBe(compressed.headers.etag);
    const revalidated = await server.inject({
      url: mouse,
      headers: { 'accept-encoding': encoding, 'if-none-match': String(compressed.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('compresses search answers too, and leaves small bodies alone', async () => {
    const search = await server.inject({
      method: 'POST',
      url: '/api/sample/search/entry-data',
      payload: { headword: '*' },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(search.headers['content-encoding']).toBe('gzip');
    expect(search.headers['cache-control']).toBeUndefined();
    const small = await server.inject({ url: `${mouse}/headword`, headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBe('mouse');
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %s chooses %s', (header, chosen) => {
    expect(chooseEncoding(header)).toBe(chosen);
  });
});

describe('a streamed, compressed body', () => {
  let streaming: FastifyInstance;
  let release: () => void = () => {};
  beforeAll(async () => {
    streaming = Fastify();
    useHttpCaching(streaming, { maxAge: 10, staleWhileRevalidate: 0 });
    streaming.get('/lines', async (_, reply) => {
      const body = new Readable({ read() {} });
      body.push('{"line":1}\n');
      release = () => {
        body.push('{"line":2}\n');
        body.push(null);
      };
      return reply.type('application/x-ndjson').header('cache-control', 'no-cache').send(body);
    });
    await streaming.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => streaming.close());

  it('reaches the client chunk by chunk, each flushed as it is written', async () => {
    const { port } = streaming.server.address() as AddressInfo;
    const received: string[] = [];
    let firstLine!: () => void;
    const gotFirstLine = new Promise<void>((resolve) => (firstLine = resolve));
    const done = new Promise<void>((resolve, reject) => {
      const req = httpRequest({ port, path: '/lines', headers: { 'accept-encoding': 'br' } }, (response) => {
        expect(response.headers['content-encoding']).toBe('br');
        expect(response.headers['cache-control']).toBe('no-cache');
        const decoded = response.pipe(zlib.createBrotliDecompress());
        decoded.on('data', (chunk: Buffer) => {
          received.push(chunk.toString());
          if (received.join('').includes('"line":1')) firstLine();
        });
        decoded.on('end', resolve);
        decoded.on('error', reject);
      });
      req.end();
    });
    // The second line is only written once the first has arrived, decoded: without a flush, this would wait forever.
    await gotFirstLine;
    release();
    await done;
    expect(received.join('')).toBe('{"line":1}\n{"line":2}\n');
  });
});
