// `npm run bench`: what readers pay to read an entry, in Chromium (scripts/bench/entries.ts);
// the reference service's throughput (scripts/bench/throughput.ts); the time to build the
// wordnet database; and, with --lighthouse, Lighthouse's performance scores of the entry "run".
// Options: --only=entries,throughput,build (default: all three), --lighthouse,
// --words=run,dog,aardvark, --modes=embedded,proxy0ms,proxy50ms, --duration=<seconds per throughput measurement> (10),
// --connections=<n> (50).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { buildWordnet, isCurrent, wordnetPath } from '../server/datasets/build-data';
import { measureEntries } from './bench/entries';
import { measureLighthouse } from './bench/lighthouse';
import { measureThroughput, serveForThroughput } from './bench/throughput';

const option = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const only = option('only', 'entries,throughput,build').split(',');

async function main() {
  console.log(
    `Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}`,
  );
  if (only.includes('build')) {
    const dir = mkdtempSync(`${tmpdir()}/wordnet-bench-`);
    const report = buildWordnet(dir);
    rmSync(dir, { recursive: true, force: true });
    console.log(`\n━━ Building the wordnet database: ${report.seconds.toFixed(1)} s (${report.entries} entries)`);
  }
  if (!isCurrent(wordnetPath())) throw new Error('Run `npm run data` first: the wordnet database is missing.');
  if (only.includes('entries') || process.argv.includes('--lighthouse')) {
    // The browser measurements need the production build.
    const { spawnSync } = await import('node:child_process');
    if (spawnSync('npm', ['run', '-s', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) {
      throw new Error('The build failed.');
    }
  }
  if (only.includes('entries')) {
    console.log('\n━━ Reading entries in Chromium (production build)\n');
    const modes = option('modes', '').split(',').filter(Boolean);
    await measureEntries(option('words', 'run,dog,aardvark').split(','), modes);
  }
  if (only.includes('throughput')) {
    console.log('\n━━ Throughput of the reference service (wordnet)\n');
    await measureThroughput(import.meta.filename, {
      duration: Number(option('duration', '10')),
      connections: Number(option('connections', '50')),
    });
  }
  if (process.argv.includes('--lighthouse')) {
    console.log('\n━━ Lighthouse 12 on the entry "run" (embedded service)\n');
    await measureLighthouse();
  }
}

await (process.argv.includes('--serve-throughput') ? serveForThroughput() : main());
