// The proxy over a real upstream (the reference service over the sample, on loopback): whole
// entries assembled from the sections, the shared cache, and failures that stay in their section.
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { definitionSections, entrySections } from '../src/api/catalog';
import type { DefinitionLine, EntryLine } from '../src/api/schemas';
import app from './app';
import { sampleId } from './datasets/sample';
import { ndjsonLines, type WholeEntryLine } from './testing/ndjson';
import { testServer } from './testing/openapi-conformance';
import { startTestUpstream, type TestUpstream } from './testing/test-upstream';
import { UPSTREAM_DEFAULTS } from './upstream/upstream';

const KEY = 'proxy-test-key-91c2';
const run = sampleId('run');
const mouse = sampleId('mouse');

let upstream: TestUpstream;
let embedded: FastifyInstance;

async function startProxy(options: Partial<typeof UPSTREAM_DEFAULTS> = {}) {
  const proxy = Fastify();
  await proxy.register(app, {
    distDir: '/nonexistent',
    upstream: {
      baseUrl: upstream.baseUrl,
      apiKey: KEY,
      databases: ['sample'],
      transcriptions: ['ipa', 'md'],
      ...UPSTREAM_DEFAULTS,
      timeoutMs: 2000,
      ...options,
    },
  });
  return proxy;
}

beforeAll(async () => {
  upstream = await startTestUpstream();
  embedded = await testServer();
});
afterAll(async () => {
  await upstream.close();
  await embedded.close();
});
beforeEach(() => upstream.reset());

/** The lines, with the definitions by ID (their order follows the upstream's answers). */
function byKind(lines: WholeEntryLine[]) {
  const definitions = new Map(
    lines.filter((line): line is DefinitionLine => line.kind === 'definition').map((line) => [line.id, line]),
  );
  return { entry: lines[0] as EntryLine, definitions, end: lines.at(-1) };
}

/** Sections a whole entry asks the upstream for: the entry's own, then every section of every definition. */
const requestsFor = (definitions: number) =>
  Object.keys(entrySections).length + 1 + definitions * Object.keys(definitionSections).length;

describe('the whole entry through the proxy', () => {
  let proxy: FastifyInstance;
  beforeAll(async () => {
    proxy = await startProxy();
  });
  afterAll(() => proxy.close());

  it('says what the embedded service says, from one GET per section upstream, each made once', async () => {
    const response = await proxy.inject(`/api/sample/entries/${run}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const proxied = byKind(ndjsonLines(response.body));
    const expected = byKind(ndjsonLines((await embedded.inject(`/api/sample/entries/${run}`)).body));
    expect(proxied.entry).toEqual(expected.entry);
    expect(proxied.definitions).toEqual(expected.definitions);
    expect(proxied.end).toEqual(expected.end);
    expect(upstream.seen).toHaveLength(requestsFor(12));
    expect(new Set(upstream.seen).size).toBe(upstream.seen.length);
    expect(upstream.keys.every((key) => key === KEY)).toBe(true);
  });

  it('streams a first view, and answers a second from its cache in one body with an ETag', async () => {
    const first = await proxy.inject(`/api/sample/entries/${mouse}`);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeUndefined();
    const asked = upstream.seen.length;
    expect(asked).toBeGreaterThan(0);

    const second = await proxy.inject(`/api/sample/entries/${mouse}`);
    expect(upstream.seen).toHaveLength(asked);
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const revalidated = await proxy.inject({
      url: `/api/sample/entries/${mouse}`,
      headers: { 'if-none-match': String(second.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);

    // The section routes share the cache, for Retry and for other clients.
    const section = await proxy.inject(`/api/sample/entries/${mouse}/defs/001/inflections`);
    expect(section.json()).toEqual([
      { data: 'mice', number: 'pl', pronunciation: [{ ipa: 'maɪs', say: 'MYSS', speech: 'mice' }] },
    ]);
    expect(upstream.seen).toHaveLength(asked);
  });

  it('streams to a second reader the lines of an entry a first reader is still reading', async () => {
    // The first reader has its first screen from the upstream; one of the later definitions hangs.
    const released: (() => void)[] = [];
    const fresh = await startProxy();
    upstream.fault = (path, reply) => {
      if (!path.endsWith(`${run}/defs/010/definition-text`)) return false;
      released.push(() => answer(reply, 200, 'the last'));
      return true;
    };
    try {
      const url = `/api/sample/entries/${run}`;
      const first = fresh.inject(url);
      await vi.waitFor(() => expect(released).toHaveLength(1));

      // Its entry and first screen are in the cache now, the rest in flight: the second reader
      // waits for that rest with the first, and gets each line as it comes, not one body at the end.
      const second = await fresh.inject({ url, payloadAsStream: true });
      expect(second.headers['cache-control']).toBe('no-cache');
      const chunks = second.stream()[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      let body = String((await chunks.next()).value);
      expect(body).toMatch(/^\{"kind":"entry"/);
      for (const release of released) release();
      for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next()) body += String(chunk.value);
      expect(byKind(ndjsonLines(body))).toEqual(byKind(ndjsonLines((await first).body)));
      expect(upstream.seen.filter((path) => path.endsWith('/defs/010/definition-text'))).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('makes identical requests in flight once', async () => {
    const france = `/api/sample/entries/${sampleId('france')}`;
    const [a, b] = await Promise.all([proxy.inject(france), proxy.inject(`${france}/defs/001/symbols`)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(new Set(upstream.seen).size).toBe(upstream.seen.length);
  });

  it('passes the transcription to the sections that take it, and only to them', async () => {
    await proxy.inject(`/api/sample/entries/${sampleId('cafe')}?phonemic-transcription=md`);
    const withTranscription = upstream.seen.filter((path) => path.includes('phonemic-transcription=md'));
    expect(withTranscription.map((path) => path.split('?')[0]!.split('/').at(-1)).sort()).toEqual([
      'etymology',
      'etymology',
      'inflections',
      'usage-notes',
      'variants',
    ]);
  });

  it('answers 404 for an unknown entry, without asking for any definition', async () => {
    const response = await proxy.inject(`/api/sample/entries/00000000-0000-0000-0000-000000000000`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, message: 'The dictionary service has no such item.' });
    expect(upstream.seen.some((path) => path.includes('/defs/'))).toBe(false);
  });

  it('refuses a malformed entry ID without contacting the upstream', async () => {
    expect((await proxy.inject('/api/sample/entries/..%2F..%2Fadmin')).statusCode).toBe(404);
    expect(upstream.seen).toEqual([]);
  });
});

/** Answers with this status and JSON text, past the upstream's own response schemas. */
const answer = (reply: FastifyReply, status: number, value: unknown) =>
  !!reply.code(status).type('application/json').send(JSON.stringify(value));

describe('failures stay in their section', () => {
  let proxy: FastifyInstance;
  beforeEach(async () => {
    proxy = await startProxy({ timeoutMs: 300 });
  });
  afterEach(() => proxy.close());

  const cat = sampleId('cat');

  it('a failing, a malformed, a non-JSON and a hanging section each break only themselves', async () => {
    upstream.fault = (path, reply) => {
      if (path.endsWith('/defs/001/inflections')) return answer(reply, 500, { message: `down; key ${KEY}` });
      if (path.endsWith('/defs/001/symbols')) return answer(reply, 200, { not: 'a list' });
      if (path.endsWith('/defs/001/variants')) return !!reply.type('text/html').send('<h1>oops</h1>');
      if (path.endsWith('/defs/001/abbreviations')) {
        // Answers only long after the proxy has given up on it.
        setTimeout(() => answer(reply, 200, []), 1000);
        return true;
      }
      return false;
    };
    const response = await proxy.inject(`/api/sample/entries/${cat}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(KEY);
    const { definitions } = byKind(ndjsonLines(response.body));
    const first = definitions.get('001')!;
    expect(first.errors).toEqual({
      // In our words: the upstream's text is never relayed.
      inflections: { status: 500, message: 'The dictionary service failed (500).' },
      variants: { status: 502, message: 'The dictionary service sent a response that is not JSON.' },
      abbreviations: { status: 504, message: 'The dictionary service did not answer in time.' },
    });
    // Its shape is the app's to check: it is passed on as the upstream gave it.
    expect(first.values.symbols).toEqual({ not: 'a list' });
    expect(first.values['definition-text']).toMatch(/domesticated/);
    expect(first.values['parts-of-speech']).toEqual(['noun']);

    // Failures are not cached: the next view asks for those three again, and for nothing else.
    upstream.reset();
    const again = await proxy.inject(`/api/sample/entries/${cat}`);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(upstream.seen.map((path) => path.split('/').at(-1)).sort()).toEqual([
      'abbreviations',
      'inflections',
      'variants',
    ]);
  });

  it('the entry fails as a whole only when its headword or definition map does', async () => {
    upstream.fault = (path, reply) => path.endsWith('/headword') && answer(reply, 503, { message: 'busy' });
    const response = await proxy.inject(`/api/sample/entries/${cat}`);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ message: 'The dictionary service failed to give the headword (503).' });
  });

  it('a malformed definition map is a 502', async () => {
    upstream.fault = (path, reply) => path.endsWith(`${cat}/defs`) && answer(reply, 200, ['001']);
    const response = await proxy.inject(`/api/sample/entries/${cat}`);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ message: /malformed headword or definition map/ });
  });
});
