// `npm test`: every check of the project, in order, stopping at the first that fails:
// types, lint and format, the wordnet database, unit and component tests, the production
// build and its size budget, browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const REPORTS = 'reports';
// This run's counts only: the last run's reports would be counted if a step stopped before its own.
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const steps: [title: string, command: string, args: string[], env?: Record<string, string>][] = [
  ['Type check', 'npm', ['run', '-s', 'typecheck']],
  ['Lint', 'npm', ['run', '-s', 'lint']],
  ['Format', 'npx', ['prettier', '--check', '.']],
  ['The wordnet database (built once, reused after)', 'npm', ['run', '-s', 'data']],
  [
    'Unit and component tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/unit.json`],
  ],
  ['Production build (the app and the server)', 'npm', ['run', '-s', 'build']],
  ['Bundle budget', 'npx', ['tsx', 'scripts/bundle-size.ts']],
  [
    'Browser tests',
    'npx',
    ['tsx', 'scripts/e2e.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/e2e.json` },
  ],
];

function counts(): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  if (existsSync(`${REPORTS}/unit.json`)) {
    const unit = JSON.parse(readFileSync(`${REPORTS}/unit.json`, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    passed += unit.numPassedTests;
    failed += unit.numFailedTests;
  }
  if (existsSync(`${REPORTS}/e2e.json`)) {
    const e2e = JSON.parse(readFileSync(`${REPORTS}/e2e.json`, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number };
    };
    passed += e2e.stats.expected;
    failed += e2e.stats.unexpected + e2e.stats.flaky;
  }
  return { passed, failed };
}

const started = Date.now();
for (const [index, [title, command, args, env]] of steps.entries()) {
  console.log(`\n━━ ${index + 1}/${steps.length} ${title} ━━`);
  const stepStart = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    const { passed, failed } = counts();
    console.error(`\n✗ ${title} failed (exit ${result.status ?? result.signal}).`);
    console.log(`${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(1);
  }
  console.log(`✓ ${title} (${((Date.now() - stepStart) / 1000).toFixed(1)} s)`);
}
const { passed, failed } = counts();
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.log(`${passed} passed, ${failed} failed`);
