// Entry pages rendered by the server, with the embedded service and through the proxy: what the
// HTML shows before any script runs, what it hands the app, and what it never lets through.
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { JSDOM } from 'jsdom';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RENDERED_PAGE_ID, type RenderedPage } from '../src/rendered-page';
import app from './app';
import { readFirstScreen } from './entry-page';
import { sampleId } from './datasets/sample';
import { ndjsonLines } from './testing/ndjson';
import { testServer } from './testing/openapi-conformance';
import { startTestUpstream, type TestUpstream } from './testing/test-upstream';
import { UPSTREAM_DEFAULTS } from './upstream/upstream';

const run = sampleId('run');
const mouse = sampleId('mouse');
const france = sampleId('france');
const oxygen = sampleId('oxygen');

// As the build writes it: a title and a description of its own, the app's module script.
const dist = mkdtempSync(join(tmpdir(), 'dist-'));
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Dictionary Reader</title>` +
    `<script type="module" crossorigin src="/assets/index-1.js"></script></head>` +
    `<body><div id="root"></div></body></html>`,
);

function parsePage(html: string) {
  const { document } = new JSDOM(html).window;
  const block = document.getElementById(RENDERED_PAGE_ID);
  return { document, data: JSON.parse(block?.textContent ?? 'null') as RenderedPage | null };
}

/** Every script of the page is the app's own file or data that is never run: nothing inline for the CSP to refuse. */
function expectNoInlineScript(document: Document) {
  for (const script of document.querySelectorAll('script')) {
    expect(script.src !== '' || script.type === 'application/json', script.outerHTML.slice(0, 80)).toBe(true);
  }
}

describe('an entry’s page from the embedded service', () => {
  let server: FastifyInstance;
  beforeAll(async () => {
    server = await testServer(undefined, dist);
  });

  it('shows the headword and the first definitions in the HTML, and hands the app the entry it was made from', async () => {
    const response = await server.inject(`/sample/entries/${run}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const { document, data } = parsePage(response.body);
    expect(document.title).toBe('run · Dictionary Reader');
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(document.querySelector('h1')?.textContent).toBe('run');

    const api = await server.inject(`/api/sample/entries/${run}`);
    expect(data).toMatchObject({ database: 'sample', entryId: run });
    // The lines of what the page shows (the entry's, and the five definitions'), as /api has them;
    // the app reads the others itself, which the Link header has the browser fetch at once.
    const lines = ndjsonLines(api.body);
    const given = ndjsonLines(data!.lines);
    const shownIds = [...document.querySelectorAll('li.definition:not(:has([aria-label="Loading definition"]))')].map(
      (item) => item.id.replace('def-', ''),
    );
    expect(shownIds).toHaveLength(5);
    expect(given).toEqual(
      lines.filter((line) => line.kind === 'entry' || (line.kind === 'definition' && shownIds.includes(line.id))),
    );
    expect(String(response.headers.link)).toContain(`</api/sample/entries/${run}>; rel=preload`);
    const first = lines.find((line) => line.kind === 'definition' && line.id === '001');
    const text = first?.kind === 'definition' ? String(first.values['definition-text']) : '';
    const plain = JSDOM.fragment(text).textContent;
    expect(document.querySelector('#def-001 .def-text')?.textContent).toBe(plain);
    // The first five in full, the others waiting for the app (as the app shows an entry not read before).
    const definitions = document.querySelectorAll('li.definition');
    const waiting = document.querySelectorAll('li.definition [aria-label="Loading definition"]');
    expect(definitions.length).toBeGreaterThan(5);
    expect(waiting).toHaveLength(definitions.length - 5);
    expectNoInlineScript(document);
  });

  it('hands the app the whole entry when the page shows all of it', async () => {
    const response = await server.inject(`/sample/entries/${mouse}`);
    const { data } = parsePage(response.body);
    expect(data!.lines).toBe((await server.inject(`/api/sample/entries/${mouse}`)).body);
    expect(String(response.headers.link)).not.toContain('/api/');
  });

  it('highlights the definition of a definition’s URL, shown in full wherever it is', async () => {
    const api = ndjsonLines((await server.inject(`/api/sample/entries/${run}`)).body);
    const entryLine = api[0]!;
    const ids = entryLine.kind === 'entry' ? Object.keys(entryLine.definitions).sort() : [];
    const last = ids.at(-1)!;
    const { document } = parsePage((await server.inject(`/sample/entries/${run}/defs/${last}`)).body);
    const item = document.getElementById(`def-${last}`);
    expect(item?.getAttribute('aria-current')).toBe('true');
    expect(item?.querySelector('[aria-label="Loading definition"]')).toBeNull();
  });

  it('is compressed, tagged, and answered 304 when unchanged', async () => {
    const url = `/sample/entries/${mouse}`;
    const response = await server.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('<h1 class="headword">mouse</h1>');
    const again = await server.inject({
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ['a=1; theme=dark', 'dark'],
    ['theme=light', 'light'],
    ['theme=system', undefined],
    ['theme=dark"><script>', undefined],
    [undefined, undefined],
  ])('with the cookie %s, is in the theme %s from its first paint', async (cookie, theme) => {
    const response = await server.inject({ url: `/sample/entries/${mouse}`, headers: cookie ? { cookie } : {} });
    const { document } = parsePage(response.body);
    expect(document.documentElement.dataset.theme).toBe(theme);
    expect(String(response.headers.vary)).toMatch(/cookie/);
  });

  it.each([
    ['an entry that does not exist', '/sample/entries/00000000-0000-0000-0000-000000000000'],
    ['a definition the entry does not have', `/sample/entries/${mouse}/defs/999`],
    ['a database that does not exist', `/nowhere/entries/${mouse}`],
  ])('answers 404 with the app for %s', async (_, url) => {
    const response = await server.inject(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain(RENDERED_PAGE_ID);
  });
});

describe('an entry’s page through the proxy', () => {
  let upstream: TestUpstream;
  let proxy: FastifyInstance;
  beforeAll(async () => {
    upstream = await startTestUpstream();
    proxy = Fastify();
    await proxy.register(app, {
      distDir: dist,
      upstream: {
        ...UPSTREAM_DEFAULTS,
        baseUrl: upstream.baseUrl,
        apiKey: 'entry-page-test-key-5f1e',
        databases: ['sample'],
        transcriptions: ['md'],
        timeoutMs: 3000,
      },
    });
  });
  afterAll(async () => {
    await proxy.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const answer = (reply: FastifyReply, value: unknown) =>
    !!reply.code(200).type('application/json').send(JSON.stringify(value));

  it('sanitizes hostile markup from the upstream, and no text of it can close the data block', async () => {
    const hostile =
      '<img src=x onerror="alert(1)"><script>alert(2)</script></script><script>alert(3)</script>' +
      '<b onclick="alert(4)">bold</b> <a href="javascript:alert(5)">link</a>';
    upstream.fault = (path, reply) => path.endsWith(`${mouse}/defs/001/definition-text`) && answer(reply, hostile);
    const response = await proxy.inject(`/sample/entries/${mouse}`);
    expect(response.statusCode).toBe(200);
    const { document, data } = parsePage(response.body);
    const text = document.querySelector('#def-001 .def-text')!;
    expect(text.textContent).toBe('bold link');
    expect([...text.querySelectorAll('*')].map((element) => element.outerHTML)).toEqual(['<b>bold</b>']);
    expect(document.querySelectorAll('script')).toHaveLength(2);
    expectNoInlineScript(document);
    expect(response.body).not.toMatch(/<img|alert\(1\)"|<script>alert/i);
    // The data keeps the text as it came, for the app to sanitize in the same way.
    expect(data?.lines).toContain(hostile.replace(/"/g, '\\"'));
    expect(response.headers['x-api-key']).toBeUndefined();
    expect(response.body).not.toContain('entry-page-test-key-5f1e');
  });

  it('leaves to the browser a page with more markup than the server sanitizes, and answers it at once', async () => {
    // 10,000 tags: jsdom would take minutes to sanitize them.
    const heavy = '<p>x</p>'.repeat(10_000);
    upstream.fault = (path, reply) => path.endsWith(`${france}/defs/001/definition-text`) && answer(reply, heavy);
    const started = performance.now();
    const response = await proxy.inject(`/sample/entries/${france}`);
    expect(response.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(5_000);
    const { document, data } = parsePage(response.body);
    expect(data).toBeNull();
    expect(document.getElementById('root')?.innerHTML).toBe('');
  });

  it('renders a page whose markup DOMPurify cannot sanitize, showing that text without its tags', async () => {
    upstream.fault = (path, reply) =>
      path.endsWith(`${oxygen}/defs/001/definition-text`) && answer(reply, '<frameset onload=alert(1)>hidden');
    const response = await proxy.inject(`/sample/entries/${oxygen}`);
    const { document } = parsePage(response.body);
    expect(document.querySelector('#def-001 .def-text')?.textContent).toBe('hidden');
    expect(response.body).not.toContain('<frameset');
  });

  it('goes out with the first screen when the rest is slow to come, for the app to read the rest', async () => {
    // Definitions after the first five answer late (the sample's `run` has more than five).
    upstream.fault = (path, reply) => {
      const late = /\/defs\/(\d+)\//.exec(path);
      if (!late || Number(late[1]) <= 5) return false;
      setTimeout(() => answer(reply, []), 1500);
      return true;
    };
    const response = await proxy.inject(`/sample/entries/${run}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers.link)).toContain(`</api/sample/entries/${run}>; rel=preload`);
    const { document, data } = parsePage(response.body);
    expect(document.querySelector('#def-001 .def-text')?.textContent).not.toBe('');
    expect(ndjsonLines(data!.lines).some((line) => line.kind === 'end')).toBe(false);
  });
});

describe('reading the first screen of an entry', () => {
  const line = (value: object) => Buffer.from(`${JSON.stringify(value)}\n`);
  const entryLine = line({
    kind: 'entry',
    headword: 'many',
    definitions: Object.fromEntries(Array.from({ length: 8 }, (_, index) => [`00${index + 1}`, String(index + 1)])),
    values: {},
    absent: [],
    errors: {},
  });
  const definition = (id: string) => line({ kind: 'definition', id, values: {}, absent: [], errors: {} });
  const never = new Promise<'late'>(() => {});

  it('stops once the first five definitions in reading order are in, whatever order they came in', async () => {
    const stream = new PassThrough();
    stream.write(Buffer.concat([entryLine, definition('002'), definition('008')]));
    // A line cut across two chunks, and a character across two more.
    const third = definition('003');
    stream.write(third.subarray(0, 10));
    stream.write(third.subarray(10));
    for (const id of ['001', '005', '004']) stream.write(definition(id));
    const read = await readFirstScreen(stream, never);
    expect(read.complete).toBe(false);
    expect(ndjsonLines(read.lines).map((value) => (value.kind === 'definition' ? value.id : value.kind))).toEqual([
      'entry',
      '002',
      '008',
      '003',
      '001',
      '005',
      '004',
    ]);
    stream.end();
  });

  it('keeps whole lines only when the time is up, and says when the entry is complete', async () => {
    const cut = new PassThrough();
    cut.write(Buffer.concat([entryLine, definition('001').subarray(0, 5)]));
    // The time is up once what has come is read, the rest of the line still to come.
    const late = await readFirstScreen(cut, new Promise((resolve) => setImmediate(() => resolve('late'))));
    expect(late).toEqual({ lines: entryLine.toString(), complete: false });
    cut.end();

    const whole = new PassThrough();
    whole.end(Buffer.concat([entryLine, definition('001'), line({ kind: 'end', definitions: 1 })]));
    expect((await readFirstScreen(whole, never)).complete).toBe(true);
  });

  it('waits for the end line of an entry whose first screen is all of it', async () => {
    const short = line({
      kind: 'entry',
      headword: 'few',
      definitions: { '001': '1', '002': '2' },
      values: {},
      absent: [],
      errors: {},
    });
    const stream = new PassThrough();
    stream.write(Buffer.concat([short, definition('002'), definition('001')]));
    const reading = readFirstScreen(stream, never);
    stream.write(line({ kind: 'end', definitions: 2 }));
    const read = await reading;
    expect(read.complete).toBe(true);
    expect(ndjsonLines(read.lines).at(-1)).toEqual({ kind: 'end', definitions: 2 });
    stream.end();
  });

  it('reads a multi-byte character split between chunks', async () => {
    const stream = new PassThrough();
    const bytes = line({ kind: 'entry', headword: 'café', definitions: {}, values: {}, absent: [], errors: {} });
    const split = bytes.indexOf(0xc3) + 1;
    stream.write(bytes.subarray(0, split));
    stream.end(Buffer.concat([bytes.subarray(split), line({ kind: 'end', definitions: 0 })]));
    const read = await readFirstScreen(stream, never);
    expect(ndjsonLines(read.lines)[0]).toMatchObject({ headword: 'café' });
  });
});
