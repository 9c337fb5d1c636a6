import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import app from './app';
import { UPSTREAM_DEFAULTS } from './upstream/upstream';

const KEY = 'secret-key-4f7a';
const ENTRY = '0a1b2c3d-4e5f-6789-abcd-ef0123456789';

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** A stand-in for a real service on loopback, recording what reaches it. */
let upstream: FastifyInstance;
let seen: Seen[] = [];
let proxyServer: FastifyInstance;

beforeAll(async () => {
  upstream = Fastify();
  upstream.addHook('onRequest', async (request) => {
    seen.push({ method: request.method, url: request.url, headers: request.headers, body: undefined });
  });
  upstream.addHook('preHandler', async (request) => {
    seen.at(-1)!.body = request.body;
  });
  upstream.get(
    '/v1/echo-key/entries/:id/headword',
    async (request) => `key was ${String(request.headers['x-api-key'])}`,
  );
  upstream.get('/v1/:db/entries/:id/headword', async (_, reply) => reply.type('application/json').send('"mouse"'));
  upstream.get('/v1/:db/entries/:id/defs/:def/inflections', async () => [{ data: 'mice' }]);
  upstream.get('/v1/:db/entries/:id/defs', async (_, reply) =>
    reply.code(404).send({ message: `no entry; your key ${KEY}` }),
  );
  upstream.get('/v1/:db/entries/:id/etymology', async (_, reply) =>
    reply.code(500).type('text/html').send('<h1>oops</h1>'),
  );
  upstream.get('/v1/:db/entries/:id/usage-notes', async (_, reply) =>
    reply.type('text/html').send('<script>alert(1)</script>'),
  );
  upstream.post('/v1/:db/search/entry-data', async (request) => ({ echoed: request.body }));
  await upstream.listen({ host: '127.0.0.1', port: 0 });
  const address = upstream.server.address() as AddressInfo;

  proxyServer = Fastify();
  await proxyServer.register(app, {
    distDir: '/nonexistent',
    upstream: {
      baseUrl: `http://127.0.0.1:${address.port}/v1`,
      apiKey: KEY,
      databases: ['main', 'extra'],
      transcriptions: ['md', 'ipa'],
      ...UPSTREAM_DEFAULTS,
      timeoutMs: 2000,
    },
  });
});
afterAll(async () => {
  await proxyServer.close();
  await upstream.close();
});
beforeEach(() => {
  seen = [];
});

describe('proxy', () => {
  it('forwards a GET with the key added and the browser’s key dropped', async () => {
    const response = await proxyServer.inject({
      url: `/api/main/entries/${ENTRY}/headword`,
      headers: { 'x-api-key': 'browser-key', cookie: 'a=b' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe('mouse');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe(`/v1/main/entries/${ENTRY}/headword`);
    expect(seen[0]!.headers['x-api-key']).toBe(KEY);
    expect(seen[0]!.headers.cookie).toBeUndefined();
  });

  it('forwards phonemic-transcription and no other query parameter', async () => {
    const response = await proxyServer.inject(
      `/api/main/entries/${ENTRY}/defs/001/inflections?phonemic-transcription=md&other=1`,
    );
    expect(response.json()).toEqual([{ data: 'mice' }]);
    expect(seen[0]!.url).toBe(`/v1/main/entries/${ENTRY}/defs/001/inflections?phonemic-transcription=md`);
  });

  it('forwards the two searches with their JSON body', async () => {
    const response = await proxyServer.inject({
      method: 'POST',
      url: '/api/main/search/entry-data',
      payload: { headword: 'mouse' },
    });
    expect(response.json()).toEqual({ echoed: { headword: 'mouse' } });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
  });

  it('passes error statuses through in its own words, and redacts the key from any body', async () => {
    const response = await proxyServer.inject(`/api/main/entries/${ENTRY}/defs`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(KEY);
    expect(response.json()).toMatchObject({ statusCode: 404, message: 'The dictionary service has no such item.' });
    const echoed = await proxyServer.inject(`/api/echo-key/entries/${ENTRY}/headword`);
    expect(echoed.body).not.toContain(KEY);
  });

  it('never relays a non-JSON body as it is', async () => {
    const failed = await proxyServer.inject(`/api/main/entries/${ENTRY}/etymology`);
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['content-type']).toMatch(/^application\/json/);
    expect(failed.json()).toMatchObject({ statusCode: 500, message: 'The dictionary service failed (500).' });
    const html = await proxyServer.inject(`/api/main/entries/${ENTRY}/usage-notes`);
    expect(html.statusCode).toBe(502);
    expect(html.body).not.toContain('<script>');
  });

  it.each([
    ['a malformed entry ID', `/api/main/entries/not-an-id/headword`],
    ['a path-traversing entry ID', `/api/main/entries/..%2F..%2Fadmin/headword`],
    ['a malformed definition ID', `/api/main/entries/${ENTRY}/defs/1x/symbols`],
    ['an unknown entry operation', `/api/main/entries/${ENTRY}/secrets`],
    ['an unknown definition operation', `/api/main/entries/${ENTRY}/defs/001/secrets`],
    ['a database name with dots', `/api/..%2F/entries/${ENTRY}/headword`],
    ['a database name that is a URL', `/api/http%3A%2F%2Fevil.example/entries/${ENTRY}/headword`],
    ['another path', `/api/main/admin`],
  ])('refuses %s without contacting the upstream', async (_, url) => {
    const response = await proxyServer.inject(url);
    expect(response.statusCode).toBe(404);
    expect(seen).toHaveLength(0);
  });

  it.each(['PUT', 'DELETE', 'PATCH'] as const)('refuses %s', async (method) => {
    const response = await proxyServer.inject({ method, url: `/api/main/entries/${ENTRY}/headword`, payload: {} });
    expect(response.statusCode).toBe(404);
    expect(seen).toHaveLength(0);
  });

  it('refuses an unknown search', async () => {
    const response = await proxyServer.inject({
      method: 'POST',
      url: '/api/main/search/all',
      payload: { headword: 'x' },
    });
    expect(response.statusCode).toBe(404);
    expect(seen).toHaveLength(0);
  });

  it('lists the configured databases and transcriptions', async () => {
    expect((await proxyServer.inject('/api/databases.json')).json()).toEqual({
      databases: ['main', 'extra'],
      transcriptions: { main: ['md', 'ipa'], extra: ['md', 'ipa'] },
    });
  });

  it('answers 502 when the upstream cannot be reached', async () => {
    const lonely = Fastify();
    await lonely.register(app, {
      distDir: '/nonexistent',
      upstream: {
        baseUrl: 'http://127.0.0.1:9/',
        apiKey: KEY,
        databases: [],
        transcriptions: [],
        ...UPSTREAM_DEFAULTS,
      },
    });
    const response = await lonely.inject(`/api/main/entries/${ENTRY}/headword`);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ message: 'The dictionary service could not be reached.' });
    await lonely.close();
  });
});
