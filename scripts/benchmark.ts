// `npm run bench`: throughput and latency of the reference service on the wordnet database
// under concurrent load (autocannon), each beside a Fastify route that returns a constant,
// measured in the same run as a yardstick; and the time to build the wordnet database.
// Options: --duration=<seconds per measurement> (default 10), --connections=<n> (default 50),
// --no-build (skip timing a fresh build).
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { buildWordnet, isCurrent, wordnetPath } from '../server/datasets/build-data';
import { stableEntryId } from '../server/datasets/ids';

const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const DURATION = option('duration', 10);
const CONNECTIONS = option('connections', 50);
const PORT = 4390;

/** The server runs in its own process, so autocannon does not share its event loop. */
async function serve() {
  const { default: Fastify } = await import('fastify');
  const { default: app } = await import('../server/app');
  const { DictionaryStore } = await import('../server/reference/store');
  const server = Fastify({ logger: false });
  server.get('/yardstick', async () => ({ headword: 'constant' }));
  const store = new DictionaryStore(new Database(wordnetPath(), { readonly: true }));
  await server.register(app, { distDir: '/nonexistent', stores: new Map([['wordnet', store]]) });
  await server.listen({ port: PORT, host: '127.0.0.1' });
  process.stdout.write('ready\n');
}

function startServer(): Promise<() => void> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, '--serve'], {
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

async function measure(path: string, body?: object): Promise<Figures> {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}${path}`,
    connections: CONNECTIONS,
    duration: DURATION,
    ...(body ? { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${path}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  }
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const row = (name: string, figures: Figures, yardstick: Figures) =>
  [
    name.padEnd(34),
    figures.requestsPerSecond.toFixed(0).padStart(8),
    figures.p50.toFixed(1).padStart(8),
    figures.p99.toFixed(1).padStart(8),
    (figures.requestsPerSecond / yardstick.requestsPerSecond).toFixed(2).padStart(9),
  ].join('  ');

async function main() {
  console.log(
    `Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}`,
  );
  if (!process.argv.includes('--no-build')) {
    const dir = mkdtempSync(`${tmpdir()}/wordnet-bench-`);
    const report = buildWordnet(dir);
    rmSync(dir, { recursive: true, force: true });
    console.log(`Building the wordnet database: ${report.seconds.toFixed(1)} s (${report.entries} entries)`);
  }
  if (!isCurrent(wordnetPath())) throw new Error('Run `npm run data` first: the wordnet database is missing.');

  const run = stableEntryId('wordnet', 'run');
  const targets: [string, string, object?][] = [
    ['GET headword (E3)', `/api/wordnet/entries/${run}/headword`],
    ['GET definition section (D7)', `/api/wordnet/entries/${run}/defs/017/inflections`],
    ['POST search (S1, headword "run")', '/api/wordnet/search/entry-data', { headword: 'run' }],
  ];
  const stop = await startServer();
  try {
    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per measurement\n`);
    console.log(
      ['route'.padEnd(34), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'ratio'.padStart(9)].join(
        '  ',
      ),
    );
    await measure('/yardstick'); // warm-up
    for (const [name, path, body] of targets) {
      const yardstick = await measure('/yardstick');
      const figures = await measure(path, body);
      console.log(row('  constant route (yardstick)', yardstick, yardstick));
      console.log(row(name, figures, yardstick));
    }
    console.log('\nratio: requests per second of the route over those of the constant route in the same run.');
  } finally {
    stop();
  }
}

await (process.argv.includes('--serve') ? serve() : main());
