// Throughput and latency of the reference service on the wordnet database under concurrent
// load (autocannon), each beside a Fastify route that returns a constant, measured in the same
// run, as a yardstick. The service runs in its own process, so autocannon does not share its
// event loop.
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { wordnetPath } from '../../server/datasets/build-data';
import { stableEntryId } from '../../server/datasets/ids';

const PORT = 4390;

/** The process measured: the service with the yardstick route. */
export async function serveForThroughput() {
  const { default: Fastify } = await import('fastify');
  const { default: app } = await import('../../server/app');
  const { DictionaryStore } = await import('../../server/reference/store');
  const server = Fastify({ logger: false });
  server.get('/yardstick', async () => ({ headword: 'constant' }));
  const store = new DictionaryStore(new Database(wordnetPath(), { readonly: true }));
  await server.register(app, { distDir: '/nonexistent', stores: new Map([['wordnet', store]]) });
  await server.listen({ port: PORT, host: '127.0.0.1' });
  process.stdout.write('ready\n');
}

function startServer(script: string): Promise<() => void> {
  const child = spawn(process.execPath, [...process.execArgv, script, '--serve-throughput'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(() => child.kill());
    });
    child.on('exit', (code) => reject(new Error(`The benchmark server exited (${code}).`)));
  });
}

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

/** A body, several sent in turn by each connection (a mix), or a new one for each request. */
type Bodies = object | object[] | (() => object);

const post = (body: object) => ({
  method: 'POST' as const,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

async function measure(path: string, { connections, duration }: Options, bodies?: Bodies): Promise<Figures> {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}${path}`,
    connections,
    duration,
    ...(typeof bodies === 'function'
      ? { requests: [{ setupRequest: (request: object) => ({ ...request, ...post(bodies()) }) }] }
      : Array.isArray(bodies)
        ? { requests: bodies.map(post) }
        : bodies
          ? post(bodies)
          : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${path}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  }
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const row = (name: string, figures: Figures, yardstick: Figures) =>
  [
    name.padEnd(40),
    figures.requestsPerSecond.toFixed(0).padStart(8),
    figures.p50.toFixed(1).padStart(8),
    figures.p99.toFixed(1).padStart(8),
    (figures.requestsPerSecond / yardstick.requestsPerSecond).toFixed(2).padStart(9),
  ].join('  ');

/** Searches that once froze the server: a letter, patterns, a misspelling; and a whole word. */
const SEARCH_MIX = ['a', 's', '*', '*ology', 'recieve', 'run'];

/**
 * Searches never asked before, so that none is answered from the cache: in turn a prefix
 * (abc), a pattern anchored at its end (*abc), one anchored at both (ab*c) and a misspelling
 * of eight letters, from a counter.
 */
function newSearch(): () => object {
  let count = 0;
  const letters = (n: number, length: number) =>
    Array.from({ length }, (_, i) => String.fromCharCode(97 + (Math.floor(n / 26 ** i) % 26))).join('');
  return () => {
    const n = count++;
    const word = letters(Math.floor(n / 4), 3);
    const forms = [word, `*${word}`, `${word.slice(0, 2)}*${word[2]}`, letters(n * 7919, 8)];
    return { headword: forms[n % 4] };
  };
}

interface Options {
  connections: number;
  duration: number;
}

export async function measureThroughput(script: string, options: Options) {
  const run = stableEntryId('wordnet', 'run');
  const targets: [string, string, Bodies?][] = [
    ['GET headword (E3)', `/api/wordnet/entries/${run}/headword`],
    ['GET definition section (D7)', `/api/wordnet/entries/${run}/defs/017/inflections`],
    ['GET whole entry "run" (server)', `/api/wordnet/entries/${run}`],
    ['POST search (S1, headword "run")', '/api/wordnet/search/entry-data', { headword: 'run' }],
    [
      `POST search mix (${SEARCH_MIX.map((text) => `"${text}"`).join(', ')})`,
      '/api/wordnet/search/entry-data',
      SEARCH_MIX.map((headword) => ({ headword })),
    ],
    ['POST search, every query new (no cache)', '/api/wordnet/search/entry-data', newSearch()],
  ];
  const stop = await startServer(script);
  try {
    console.log(`autocannon: ${options.connections} connections, ${options.duration} s per measurement\n`);
    console.log(
      ['route'.padEnd(40), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'ratio'.padStart(9)].join(
        '  ',
      ),
    );
    await measure('/yardstick', options); // warm-up
    for (const [name, path, body] of targets) {
      const yardstick = await measure('/yardstick', options);
      const figures = await measure(path, options, body);
      console.log(row('  constant route (yardstick)', yardstick, yardstick));
      console.log(row(name, figures, yardstick));
    }
    console.log('\nratio: requests per second of the route over those of the constant route in the same run.');
    console.log(`A 1 MiB search body is answered ${await timeHugeBody()}.`);
  } finally {
    stop();
  }
}

/** The status and time of a search body of 1 MiB: refused before it is read whole. */
async function timeHugeBody(): Promise<string> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}/api/wordnet/search/entry-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ headword: '<'.repeat(1024 * 1024) }),
  });
  await response.arrayBuffer();
  return `${response.status} in ${(performance.now() - started).toFixed(1)} ms`;
}
