// `npm run data`: builds data/wordnet.sqlite unless a current one is there; `--force` rebuilds.
import { buildWordnet, isCurrent, removeLeftovers, wordnetPath } from '../server/datasets/build-data';
import { lockHolder, withBuildLock } from '../server/datasets/build-lock';

const BAR_WIDTH = 30;
const interactive = process.stderr.isTTY;
let lastShown = -1;

/** A bar redrawn in place on a terminal; one line per tenth elsewhere (CI logs). */
function showProgress(done: number, total: number) {
  const fraction = Math.min(1, done / total);
  const percent = Math.floor(fraction * 100);
  if (interactive) {
    if (percent === lastShown && done !== total) return;
    const filled = Math.round(fraction * BAR_WIDTH);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
    process.stderr.write(
      `\r  ${bar} ${String(percent).padStart(3)}%  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} entries`,
    );
  } else if (Math.floor(percent / 10) !== Math.floor(lastShown / 10)) {
    process.stderr.write(
      `  ${percent}% (${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} entries)\n`,
    );
  }
  lastShown = percent;
}

const path = wordnetPath();
const lock = `${path}.lock`;
const force = process.argv.includes('--force');
if (!force && isCurrent(path)) {
  if (lockHolder(lock) === undefined) removeLeftovers(path);
  console.log(`Using the wordnet database built before (${path}); \`npm run data:rebuild\` rebuilds it.`);
} else {
  await withBuildLock(
    lock,
    () => {
      // Another build may have made it while this one waited.
      if (!force && isCurrent(path)) return console.log(`Using the wordnet database just built (${path}).`);
      console.log('Building the wordnet database from WordNet 3.1 and companions (about a minute, once)…');
      const report = buildWordnet(undefined, showProgress, (step) => {
        if (interactive) process.stderr.write('\n');
        process.stderr.write(`  ${step}…\n`);
      });
      const megabytes = (report.bytes / 1e6).toFixed(0);
      console.log(
        `Built ${path}: ${report.entries.toLocaleString('en-US')} entries in ${report.seconds.toFixed(1)} s (${megabytes} MB).`,
      );
    },
    (pid) => console.log(`Waiting for the build of the wordnet database in process ${pid}…`),
  );
}
