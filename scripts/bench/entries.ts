// What a reader pays to read an entry, in Chromium against the production build: requests,
// time to the first definition and to everything shown, and the upstream requests behind them,
// with the embedded service and through the proxy (0 and 50 ms of added upstream latency);
// the app's way (the whole entry in one request) beside the way it read entries before (one
// GET per section per definition), measured in the same run.
import { chromium } from '@playwright/test';
import { stableEntryId } from '../../server/datasets/ids';
import { CHROMIUM_ARGS, findBrowser } from '../browser';
import { freshPage, readSectionBySection, readWholeEntry, requestsOnBack, type Reading } from './entry-reading';
import { startLatencyProxy, startServer, type Running } from './servers';

const DATABASE = 'wordnet';
const PORTS = { server: 4392, upstream: 4393 };
/** Read once by each server before it is measured (a long entry, as the ones measured). */
const WARM_UP = 'make';

interface Mode {
  name: string;
  /** Added latency between our server and the upstream; none: the embedded service. */
  latencyMs?: number;
}

type Way = 'whole entry' | 'per section';

interface Row {
  mode: string;
  word: string;
  way: Way;
  first: Reading;
  second: Reading;
  upstreamFirst?: number;
  upstreamSecond?: number;
  back?: number;
}

/** The definition maps of an entry and of its run-on entries, read from its first line. */
async function entryShape(base: string, entryId: string) {
  const body = await (await fetch(`${base}/api/${DATABASE}/entries/${entryId}`)).text();
  const line = JSON.parse(body.split('\n')[0]!) as {
    definitions: Record<string, string>;
    values: { 'run-on-entries'?: { definitions: Record<string, string> }[] };
  };
  return { definitions: line.definitions, runOns: (line.values['run-on-entries'] ?? []).map((r) => r.definitions) };
}

const ms = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)}`);

function printRows(rows: Row[]) {
  const header = [
    'mode'.padEnd(12),
    'entry'.padEnd(9),
    'way'.padEnd(12),
    '/api reqs'.padStart(9),
    'failed'.padStart(6),
    'first def ms'.padStart(12),
    'all shown ms'.padStart(12),
    'kB'.padStart(6),
    'upstream 1st/2nd'.padStart(16),
    '2nd all ms'.padStart(10),
    'Back reqs'.padStart(9),
    'server ms'.padStart(9),
  ];
  console.log(header.join('  '));
  for (const row of rows) {
    console.log(
      [
        row.mode.padEnd(12),
        row.word.padEnd(9),
        row.way.padEnd(12),
        String(row.first.apiRequests).padStart(9),
        String(row.first.failedRequests).padStart(6),
        ms(row.first.firstDefinition).padStart(12),
        ms(row.first.everything).padStart(12),
        (row.first.apiBytes / 1024).toFixed(1).padStart(6),
        (row.upstreamFirst === undefined ? '–' : `${row.upstreamFirst} / ${row.upstreamSecond}`).padStart(16),
        ms(row.second.everything).padStart(10),
        (row.back === undefined ? '–' : String(row.back)).padStart(9),
        ms(row.first.serverMs).padStart(9),
      ].join('  '),
    );
  }
}

export async function measureEntries(words: string[], modeNames: string[] = []) {
  const { executablePath } = findBrowser();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const upstream = await startServer(PORTS.upstream);
  const shapes = new Map<string, Awaited<ReturnType<typeof entryShape>>>();
  for (const word of words) shapes.set(word, await entryShape(upstream.base, stableEntryId(DATABASE, word)));

  const modes: Mode[] = [
    { name: 'embedded' },
    { name: 'proxy 0 ms', latencyMs: 0 },
    { name: 'proxy 50 ms', latencyMs: 50 },
  ].filter((mode) => modeNames.length === 0 || modeNames.includes(mode.name.replace(/ /g, '')));
  const rows: Row[] = [];
  try {
    for (const mode of modes) {
      const proxy = mode.latencyMs === undefined ? undefined : await startLatencyProxy(upstream.base, mode.latencyMs);
      for (const way of ['whole entry', 'per section'] as Way[]) {
        // A server of its own for each way: the first view finds its cache empty.
        const server: Running = await startServer(
          PORTS.server,
          proxy
            ? {
                DICTIONARY_API_URL: `${proxy.base}/api`,
                DICTIONARY_API_KEY: 'benchmark-key',
                DICTIONARY_DATABASES: DATABASE,
              }
            : {},
        );
        // A server that has just started compiles its code as it goes: one entry's page first, not measured.
        const warmUp = `${DATABASE}/entries/${stableEntryId(DATABASE, WARM_UP)}`;
        await (await fetch(`${server.base}/${warmUp}`)).text();
        // …and all of it: a page may go out before the entry is all read.
        await (await fetch(`${server.base}/api/${warmUp}`)).text();
        proxy?.takeCount();
        try {
          for (const word of words) {
            const entryId = stableEntryId(DATABASE, word);
            const read = async () => {
              const { page, close } = await freshPage(browser);
              try {
                const reading =
                  way === 'whole entry'
                    ? await readWholeEntry(page, `${server.base}/${DATABASE}/entries/${entryId}`)
                    : await readSectionBySection(page, server.base, DATABASE, entryId, shapes.get(word)!);
                const upstreamRequests = proxy?.takeCount();
                const back = way === 'whole entry' ? await requestsOnBack(page) : undefined;
                await proxy?.settle();
                proxy?.takeCount(); // the cross-referenced entry's
                return { reading, back, upstream: upstreamRequests };
              } finally {
                await close();
              }
            };
            const first = await read();
            const second = await read();
            rows.push({
              mode: mode.name,
              word,
              way,
              first: first.reading,
              second: second.reading,
              upstreamFirst: first.upstream,
              upstreamSecond: second.upstream,
              back: second.back,
            });
            process.stderr.write('.');
          }
        } finally {
          await server.stop();
        }
      }
      await proxy?.stop();
    }
  } finally {
    process.stderr.write('\n');
    await upstream.stop();
    await browser.close();
  }
  printRows(rows);
  console.log(
    '\nfirst def, all shown: milliseconds from the start of navigation, first view (nothing cached in the browser or' +
      ' the server). kB: /api bytes as sent. upstream: requests our server sent the upstream for the first view, and' +
      " for a second view in a new browser; 2nd all ms: that second view's time to all shown. Back reqs: /api requests when going back to the entry from a" +
      ' cross-reference. server ms: time our server took to assemble the whole entry (Server-Timing).',
  );
  console.log(
    'per section: the app’s start page, then every section of the entry read with one GET each, as the app read' +
      ' entries before, at most 200 at a time.',
  );
}
