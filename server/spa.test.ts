import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config';
import { DEFAULT_HTTP_CACHE } from './http-cache';
import { UPSTREAM_DEFAULTS } from './upstream/upstream';
import { testServer } from './testing/openapi-conformance';

const serverWith = (distDir: string) => testServer(undefined, distDir);
const entry = '3585c517-995b-a0b8-2721-8da4efa91862';
const DEFAULT_LIMITS = { requestTimeoutMs: 15_000, idleTimeoutMs: 120_000, maxConnections: 1024 };

describe('serving the app', () => {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const script = 'console.log("the app");'.repeat(100);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/app-1234.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-1.js' },
      'src/pages/EntryPage.tsx': { file: 'assets/EntryPage-1.js', imports: ['_shared.js', '_purify.js'] },
      '_purify.js': { file: 'assets/purify-1.js' },
    }),
  );
  const page = '<!doctype html><div id="root"></div>';
  writeFileSync(join(dist, 'assets', 'app-1234.js'), script);
  writeFileSync(join(dist, 'assets', 'app-1234.js.map'), '{"sourcesContent":["the whole source"]}');
  // As the build writes them (scripts/vite-precompress.ts).
  for (const [file, content] of [
    ['assets/app-1234.js', script],
    ['index.html', page],
  ] as const) {
    writeFileSync(join(dist, `${file}.br`), zlib.brotliCompressSync(content));
    writeFileSync(join(dist, `${file}.gz`), zlib.gzipSync(content));
  }

  it.each(['/', '/sample/search?q=run', '/sample/entries/3585c517-995b-a0b8-2721-8da4efa91862/defs/001', '/anything'])(
    'answers index.html for the app URL %s',
    async (url) => {
      const server = await serverWith(dist);
      const response = await server.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('never serves a source map, should the build have made one', async () => {
    const server = await serverWith(dist);
    const map = await server.inject('/assets/app-1234.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('whole source');
  });

  it.each([
    '/',
    '/sample/entries/3585c517-995b-a0b8-2721-8da4efa91862',
    '/assets/app-1234.js',
    '/api/databases.json',
    '/nope.js',
  ])('sends the security headers with %s', async (url) => {
    const server = await serverWith(dist);
    const { headers } = await server.inject(url);
    const csp = String(headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
  });

  it('serves hashed assets as immutable, and a missing asset as 404', async () => {
    const server = await serverWith(dist);
    const asset = await server.inject('/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await server.inject('/assets/missing.js')).statusCode).toBe(404);
  });

  it.each([
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ] as const)('sends the files compressed at build time to a client that accepts %s', async (encoding, decode) => {
    const server = await serverWith(dist);
    for (const [url, content] of [
      ['/assets/app-1234.js', script],
      ['/sample/search?q=mouse', page],
    ] as const) {
      const response = await server.inject({ url, headers: { 'accept-encoding': `${encoding}, deflate` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString()).toBe(content);
    }
    const plain = await server.inject('/assets/app-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers an asset asked for again with 304, for each of its encodings', async () => {
    const server = await serverWith(dist);
    const tags = new Set<string>();
    for (const encoding of ['br', 'gzip', 'identity']) {
      const headers = { 'accept-encoding': encoding };
      const asset = await server.inject({ url: '/assets/app-1234.js', headers });
      expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
      const etag = String(asset.headers.etag);
      tags.add(etag);
      const again = await server.inject({ url: '/assets/app-1234.js', headers: { ...headers, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    expect(tags.size).toBe(3);
  });

  it.each([
    [`/sample/entries/${entry}`, 200, undefined],
    [`/sample/entries/${entry}/defs/001`, 200, undefined],
    [`/sample/entries/${entry}?x=1`, 200, undefined],
    // The app's own page says what is not found: it asks for the entry too.
    [`/my-db/entries/${entry}`, 404, `/api/my-db/entries/${entry}`],
    [`/sample/entries/${entry}/defs/999`, 404, `/api/sample/entries/${entry}`],
  ])(
    'for %s (%s), has the browser fetch the entry page’s own scripts at once, and %s',
    async (url, status, entryApi) => {
      const server = await serverWith(dist);
      const response = await server.inject(url);
      expect(response.statusCode).toBe(status);
      expect(String(response.headers.link).split(', ')).toEqual([
        ...(entryApi ? [`<${entryApi}>; rel=preload; as=fetch; crossorigin=anonymous`] : []),
        '</assets/EntryPage-1.js>; rel=modulepreload',
        '</assets/purify-1.js>; rel=modulepreload',
      ]);
    },
  );

  it.each([
    `/my%20db/entries/${entry}?x=1`,
    '/sample/entries/not-an-id',
    `/sample/entries/${entry}/defs/x`,
    '/sample/search?q=run',
    '/',
  ])('for %s, which is no entry’s page, sends the app alone', async (url) => {
    const server = await serverWith(dist);
    const response = await server.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers.link).toBeUndefined();
    expect(response.body).toBe(page);
  });

  it('does not serve the build manifest', async () => {
    const server = await serverWith(dist);
    const response = await server.inject('/.vite/manifest.json');
    expect(response.body).not.toContain('EntryPage');
  });

  it('never answers index.html under /api/', async () => {
    const server = await serverWith(dist);
    const response = await server.inject('/api/sample/nothing/here');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('lists the embedded databases with the transcriptions each accepts', async () => {
    const server = await serverWith(dist);
    expect((await server.inject('/api/databases.json')).json()).toEqual({
      databases: ['sample'],
      transcriptions: { sample: ['ipa', 'md'] },
    });
  });

  it('says how to build the app when it is not built', async () => {
    const server = await serverWith(join(dist, 'nowhere'));
    const response = await server.inject('/');
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});

describe('configuration', () => {
  it('defaults to the embedded service on port 8080', () => {
    expect(readConfig({})).toEqual({ port: 8080, httpCache: DEFAULT_HTTP_CACHE, limits: DEFAULT_LIMITS });
  });

  it('reads the limits on clients, in seconds', () => {
    expect(readConfig({ REQUEST_TIMEOUT: '5', IDLE_TIMEOUT: '30', MAX_CONNECTIONS: '10' }).limits).toEqual({
      requestTimeoutMs: 5000,
      idleTimeoutMs: 30_000,
      maxConnections: 10,
    });
    expect(() => readConfig({ REQUEST_TIMEOUT: '0' })).toThrow(/REQUEST_TIMEOUT must be a whole number from 1/);
  });

  it('proxies when DICTIONARY_API_URL and DICTIONARY_API_KEY are set', () => {
    expect(
      readConfig({
        PORT: '9000',
        DICTIONARY_API_URL: 'https://dict.example/api',
        DICTIONARY_API_KEY: 'k',
        DICTIONARY_DATABASES: 'a, b',
        DICTIONARY_TRANSCRIPTIONS: 'ipa,md',
      }),
    ).toEqual({
      port: 9000,
      httpCache: DEFAULT_HTTP_CACHE,
      limits: DEFAULT_LIMITS,
      upstream: {
        baseUrl: 'https://dict.example/api',
        apiKey: 'k',
        databases: ['a', 'b'],
        transcriptions: ['ipa', 'md'],
        ...UPSTREAM_DEFAULTS,
      },
    });
  });

  it('reads the caching and upstream settings', () => {
    const config = readConfig({
      DICTIONARY_API_URL: 'https://dict.example/api',
      DICTIONARY_API_KEY: 'k',
      HTTP_CACHE_MAX_AGE: '60',
      HTTP_CACHE_STALE_WHILE_REVALIDATE: '0',
      UPSTREAM_CONCURRENCY: '16',
      UPSTREAM_TIMEOUT_MS: '2500',
      UPSTREAM_CACHE_TTL: '600',
      UPSTREAM_CACHE_NOT_FOUND_TTL: '30',
      UPSTREAM_CACHE_MB: '8',
    });
    expect(config.httpCache).toEqual({ maxAge: 60, staleWhileRevalidate: 0 });
    expect(config.upstream).toMatchObject({
      concurrency: 16,
      timeoutMs: 2500,
      cache: { ttlMs: 600_000, notFoundTtlMs: 30_000, maxBytes: 8 * 1024 * 1024 },
    });
  });

  it('offers md, the notation the spec shows, when a real service’s transcriptions are not configured', () => {
    const config = readConfig({ DICTIONARY_API_URL: 'https://dict.example/api', DICTIONARY_API_KEY: 'k' });
    expect(config.upstream?.transcriptions).toEqual(['md']);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ HTTP_CACHE_MAX_AGE: '-1' }, /HTTP_CACHE_MAX_AGE must be a whole number/],
    [
      { DICTIONARY_API_URL: 'https://d.example', DICTIONARY_API_KEY: 'k', UPSTREAM_CONCURRENCY: '0' },
      /UPSTREAM_CONCURRENCY/,
    ],
    [{ DICTIONARY_API_URL: 'https://dict.example' }, /DICTIONARY_API_KEY must be set/],
    [{ DICTIONARY_API_URL: 'not a url', DICTIONARY_API_KEY: 'k' }, /not a URL/],
    [{ DICTIONARY_API_URL: 'file:///etc/passwd', DICTIONARY_API_KEY: 'k' }, /http or https/],
  ])('rejects %o', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});
