// Entry and definition URLs answered with the page already rendered (src/render-entry-page.tsx),
// from the whole entry as our own /api serves it (embedded or proxied, with its caches), so that
// the entry is on screen as soon as the HTML is in. When the entry is still being read from the
// upstream, the page is rendered once its first screen is in, and the app reads the rest.
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { EntryPageRendering } from '../src/render-entry-page';
import { renderedPageScript } from '../src/rendered-page';
import { FIRST_SHOWN, readingOrder } from '../src/definition-order';
import { LruCache } from './lru-cache';

/** Beyond this, the page goes out with what has come, or as the bare app if not even the entry's first line has. */
const FIRST_SCREEN_WAIT_MS = 1000;
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

export interface EntryTarget {
  database: string;
  entryId: string;
}

interface EntrySoFar {
  /** The NDJSON read so far, whole lines only. */
  lines: string;
  complete: boolean;
  status: number;
}

/** Reads the whole entry's lines until the first screen's definitions are in (or all, or the time is up). */
export async function readFirstScreen(
  stream: Readable,
  deadline: Promise<'late'>,
): Promise<Omit<EntrySoFar, 'status'>> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const decoder = new StringDecoder('utf8');
  let text = '';
  let parsedTo = 0;
  let waitingFor: Set<string> | undefined;
  let complete = false;
  while (!complete && waitingFor?.size !== 0) {
    const next = await Promise.race([iterator.next(), deadline]);
    if (next === 'late' || next.done) break;
    text += decoder.write(next.value);
    const end = text.lastIndexOf('\n');
    if (end < parsedTo) continue;
    for (const line of text.slice(parsedTo, end).split('\n')) {
      const parsed = parseLine(line);
      if (parsed?.kind === 'entry') waitingFor = firstScreen(parsed);
      else if (parsed?.kind === 'definition') waitingFor?.delete(parsed.id);
      else if (parsed?.kind === 'end') complete = true;
    }
    parsedTo = end + 1;
  }
  // The rest is read to its end, so that the entry's assembly completes and is cached for the app's request.
  void (async () => {
    try {
      while (!(await iterator.next()).done);
    } catch {
      // The app's own request will meet the failure.
    }
  })();
  return { lines: text.slice(0, parsedTo), complete };
}

type Line =
  | {
      kind: 'entry';
      definitions: Record<string, string>;
      values: { 'run-on-entries'?: { definitions: Record<string, string> }[] };
    }
  | { kind: 'definition'; id: string }
  | { kind: 'end' };

function parseLine(text: string): Line | undefined {
  try {
    return JSON.parse(text) as Line;
  } catch {
    return undefined;
  }
}

/** Stands for the end line among the definitions waited for. */
const END_LINE = 'end';

/**
 * The IDs of the definitions the page shows first; when they are all the entry has, the end
 * line too, which comes right after them and lets the app take the page as the whole entry.
 */
function firstScreen(line: Extract<Line, { kind: 'entry' }>): Set<string> {
  const runOns = line.values?.['run-on-entries'];
  let order: string[];
  try {
    order = readingOrder(line.definitions, Array.isArray(runOns) ? runOns : []);
  } catch {
    order = []; // malformed: the page renders nothing of it
  }
  return new Set(order.length > FIRST_SHOWN ? order.slice(0, FIRST_SHOWN) : [...order, END_LINE]);
}

/** The entry's lines from our own /api, in this process. */
async function readEntry(app: FastifyInstance, { database, entryId }: EntryTarget): Promise<EntrySoFar> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/${encodeURIComponent(database)}/entries/${entryId}`,
    headers: { 'accept-encoding': 'identity' },
    payloadAsStream: true,
  });
  const stream = response.stream();
  if (response.statusCode !== 200) {
    stream.resume();
    return { lines: '', complete: false, status: response.statusCode };
  }
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), FIRST_SCREEN_WAIT_MS)));
  try {
    return { ...(await readFirstScreen(stream, deadline)), status: 200 };
  } finally {
    clearTimeout(timer);
  }
}

export interface EntryPage {
  status: number;
  /** The HTML to send: the page rendered, or the bare app's. */
  html: string;
  /** Rendered from the whole entry: the same page every time. */
  complete: boolean;
  /** Its data is the whole entry: the app need not read it. */
  whole: boolean;
}

/** Puts the rendered page into the app's index.html. */
function fillTemplate(template: string, rendering: Extract<EntryPageRendering, { kind: 'page' }>): string {
  return template
    .replace(/<title>[^<]*<\/title>/, '') // the page's own title comes with its HTML
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${rendering.html}</div>${renderedPageScript(rendering.page)}`,
    );
}

/**
 * An entry rendered once at start, so that the first reader does not wait for the code to warm
 * up: more definitions than the page shows in full, with a cross-reference in their text.
 */
const WARM_UP_DEFINITIONS = Array.from({ length: 2 * FIRST_SHOWN }, (_, index) => String(index + 1));
const WARM_UP_ENTRY = [
  {
    kind: 'entry',
    headword: 'warm',
    definitions: Object.fromEntries(WARM_UP_DEFINITIONS.map((id) => [id, id])),
    values: {},
    absent: [],
    errors: {},
  },
  ...WARM_UP_DEFINITIONS.map((id) => ({
    kind: 'definition',
    id,
    values: { 'definition-text': 'not <span data-dictionary-type="cross-reference">cold</span>', labels: [] },
    absent: [],
    errors: {},
  })),
  { kind: 'end', definitions: WARM_UP_DEFINITIONS.length },
]
  .map((line) => `${JSON.stringify(line)}\n`)
  .join('');

export async function entryPages(app: FastifyInstance, template: string, ttlSeconds: number) {
  const kept = new LruCache<EntryPage>(PAGE_CACHE_BYTES);
  const { renderEntryPage } = await import('../src/render-entry-page');
  const warmUpTarget = { database: 'warm', entryId: '00000000-0000-0000-0000-000000000000' };
  await renderEntryPage(
    new URL('http://localhost/warm/entries/00000000-0000-0000-0000-000000000000'),
    warmUpTarget,
    WARM_UP_ENTRY,
  );

  return async function entryPage(path: string, target: EntryTarget): Promise<EntryPage> {
    const cached = kept.get(path);
    if (cached) return cached;
    const entry = await readEntry(app, target);
    if (entry.status === 404) return { status: 404, html: template, complete: false, whole: false };
    const rendered =
      entry.status === 200 && entry.lines
        ? await renderEntryPage(new URL(path, 'http://localhost'), target, entry.lines).catch((error: unknown) => {
            app.log.error({ err: error, path }, 'The entry page could not be rendered: the app renders it.');
            return undefined;
          })
        : undefined;
    if (rendered?.kind === 'not-found') return { status: 404, html: template, complete: false, whole: false };
    if (!rendered) return { status: 200, html: template, complete: false, whole: false };
    const page = {
      status: 200,
      html: fillTemplate(template, rendered),
      complete: entry.complete,
      whole: rendered.whole,
    };
    if (page.complete) kept.set(path, page, 2 * page.html.length, ttlSeconds * 1000);
    return page;
  };
}
