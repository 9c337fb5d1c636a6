/// <reference lib="dom" />
// Reading an entry in Chromium, the way the app does it (the whole entry in one request) and
// the way the app did it before (one GET per section of every definition), timed in the page
// from the start of navigation.
import type { Browser, Page } from '@playwright/test';
import { cpus } from 'node:os';
import { definitionSections, entrySections } from '../../src/api/catalog';
import { orderedDefinitions } from '../../src/definition-order';

export interface Reading {
  /** Requests the page sent to /api. */
  apiRequests: number;
  failedRequests: number;
  /** Milliseconds from the start of navigation until the first definition's text was on screen (or read). */
  firstDefinition: number;
  /** … until every definition was shown in full (or every section read). */
  everything: number;
  /** Bytes of the /api responses, as sent (compressed). */
  apiBytes: number;
  /** Server time of the whole entry (Server-Timing), when the server gives it. */
  serverMs?: number;
}

/** Records in the page when the first definition's text appears, and when none is left waiting. */
function watchDefinitions() {
  const times = { first: 0, all: 0 };
  (window as unknown as { readingTimes: typeof times }).readingTimes = times;
  const check = () => {
    if (!times.first && document.querySelector('.definition .def-text')?.textContent?.trim()) {
      times.first = performance.now();
    }
    // Not while the HTML is still being parsed: the definitions after the first are yet to come.
    const parsed = document.readyState !== 'loading';
    const shown = document.querySelector('.definition') && !document.querySelector('[aria-label="Loading definition"]');
    if (!times.all && parsed && shown) times.all = performance.now();
  };
  // From the start: a page rendered on the server shows its definitions as its HTML is parsed.
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener('readystatechange', check);
}

function countRequests(page: Page) {
  const counts = { api: 0, failed: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) counts.api++;
  });
  page.on('requestfailed', () => counts.failed++);
  return counts;
}

/** The figures of a reading, with the bytes of its /api responses and the server's time, from the page. */
async function reading(
  page: Page,
  counts: { api: number; failed: number },
  times: { first: number; all: number },
): Promise<Reading> {
  const transfer = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const api = entries.filter((entry) => new URL(entry.name).pathname.startsWith('/api/'));
    const timing = api.flatMap((entry) => entry.serverTiming).find((timing) => timing.name === 'assemble');
    return { bytes: api.reduce((sum, entry) => sum + entry.encodedBodySize, 0), serverMs: timing?.duration };
  });
  return {
    apiRequests: counts.api,
    failedRequests: counts.failed,
    firstDefinition: times.first,
    everything: times.all,
    apiBytes: transfer.bytes,
    serverMs: transfer.serverMs,
  };
}

/** Opens the entry's page, as a reader would, and waits until every definition is shown. */
export async function readWholeEntry(page: Page, url: string): Promise<Reading> {
  await page.addInitScript(watchDefinitions);
  const counts = countRequests(page);
  await page.goto(url);
  const times = await page.waitForFunction(
    () => {
      const { readingTimes } = window as unknown as { readingTimes: { first: number; all: number } };
      return readingTimes.all && readingTimes.first ? readingTimes : undefined;
    },
    null,
    { timeout: 120_000 },
  );
  return reading(page, counts, (await times.jsonValue())!);
}

interface EntryShape {
  definitions: Record<string, string>;
  runOns: Record<string, string>[];
}

/** The sections' paths as the app used to read them: the entry's own, then each definition's in reading order. */
function sectionPaths(database: string, entryId: string, { definitions, runOns }: EntryShape) {
  const entry = `/api/${database}/entries/${entryId}`;
  const definitionIds = [definitions, ...runOns].flatMap((map) => orderedDefinitions(map).map(([id]) => id));
  return {
    entry: [`${entry}/defs`, ...Object.keys(entrySections).map((name) => `${entry}/${name}`)],
    definitions: definitionIds.map((defId) =>
      Object.keys(definitionSections).map((name) => `${entry}/defs/${defId}/${name}`),
    ),
  };
}

/**
 * Reads every section of the entry with one GET each, as the app did before it read whole
 * entries, from the app's start page: the entry's sections, then the definitions' in reading
 * order, at most `inFlight` at a time (the app asked for a definition's sections as it came
 * into view; Chromium fails fetches beyond about a thousand pending).
 */
export async function readSectionBySection(
  page: Page,
  base: string,
  database: string,
  entryId: string,
  shape: EntryShape,
  inFlight = 200,
): Promise<Reading> {
  const counts = countRequests(page);
  await page.goto(`${base}/`);
  const paths = sectionPaths(database, entryId, shape);
  const { first, all } = await page.evaluate(
    async ({ paths, inFlight }) => {
      const read = (path: string) => fetch(path).then((response) => response.text());
      await Promise.all(paths.entry.map(read));
      let first = 0;
      let next = 0;
      const queue = paths.definitions.flatMap((sections, index) => sections.map((path) => ({ path, index })));
      const firstLeft = { count: paths.definitions[0]?.length ?? 0 };
      const worker = async () => {
        while (next < queue.length) {
          const { path, index } = queue[next++]!;
          await read(path).catch(() => undefined);
          if (index === 0 && --firstLeft.count === 0) first = performance.now();
        }
      };
      await Promise.all(Array.from({ length: inFlight }, worker));
      return { first, all: performance.now() };
    },
    { paths, inFlight },
  );
  return reading(page, counts, { first, all });
}

/** The share of the machine's CPU time that was idle over the next `ms` milliseconds. */
async function idleShare(ms: number): Promise<number> {
  const sum = () =>
    cpus().reduce(
      (total, { times }) => ({
        idle: total.idle + times.idle,
        all: total.all + times.idle + times.user + times.sys + times.nice + times.irq,
      }),
      { idle: 0, all: 0 },
    );
  const before = sum();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = sum();
  return (after.idle - before.idle) / Math.max(1, after.all - before.all);
}

/**
 * Waits (at most a few seconds) until the machine is quiet: a browser context that has just
 * opened goes on starting its processes for a while, and on a machine of few cores that work
 * would be counted against the server that shares them.
 */
async function untilQuiet() {
  for (let tries = 0, quiet = 0; quiet < 2 && tries < 50; tries++) {
    quiet = (await idleShare(100)) >= 0.8 ? quiet + 1 : 0;
  }
}

/** A new page in a new context: nothing cached in the browser. */
export async function freshPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  // tsx names the functions it compiles with a helper of its own, which the page lacks.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  // The tab's own start (its renderer process) is the browser's, not part of reading the entry.
  await page.goto('about:blank');
  await untilQuiet();
  return { page, close: () => context.close() };
}

/** /api requests sent while going to another entry through a cross-reference and coming back. */
export async function requestsOnBack(page: Page): Promise<number> {
  const entry = page.url();
  await page.locator('.definition a.xref').first().click();
  // Off the links: a link that came under the resting pointer on the way back would be read ahead.
  await page.mouse.move(0, 0);
  await page.waitForURL((url) => url.href !== entry);
  await page.locator('.definition').first().waitFor();
  // The other entry's own requests are over before going back.
  await page.waitForLoadState('networkidle');
  const counts = countRequests(page);
  await page.goBack();
  await page.waitForURL(entry);
  await page.locator('.definition').first().waitFor();
  await page.waitForLoadState('networkidle');
  return counts.api;
}
