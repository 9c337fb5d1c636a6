// Lighthouse's performance score of the entry "run", on mobile and desktop, run with `npx`
// (Lighthouse 12, the last to run on Node 20) against the production build and the system's
// Chromium, so that the project does not carry it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stableEntryId } from '../../server/datasets/ids';
import { CHROMIUM_ARGS, findBrowser } from '../browser';
import { startServer } from './servers';

const LIGHTHOUSE = 'lighthouse@12.2.3';
const RUNS = 3;

interface Report {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue: number }>;
}

export async function measureLighthouse() {
  const { executablePath } = findBrowser();
  const server = await startServer(4396);
  const url = `${server.base}/wordnet/entries/${stableEntryId('wordnet', 'run')}`;
  const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  try {
    for (const preset of ['mobile', 'desktop']) {
      const scores: string[] = [];
      for (let run = 0; run < RUNS; run++) {
        const output = join(dir, `${preset}-${run}.json`);
        const result = spawnSync(
          'npx',
          [
            '--yes',
            LIGHTHOUSE,
            url,
            ...(preset === 'desktop' ? ['--preset=desktop'] : []),
            '--only-categories=performance',
            '--output=json',
            `--output-path=${output}`,
            `--chrome-flags=--headless ${CHROMIUM_ARGS.join(' ')}`,
            '--quiet',
          ],
          { env: { ...process.env, ...(executablePath ? { CHROME_PATH: executablePath } : {}) }, stdio: 'inherit' },
        );
        if (result.status !== 0) throw new Error(`Lighthouse failed (exit ${result.status}).`);
        const { categories, audits } = JSON.parse(readFileSync(output, 'utf8')) as Report;
        const value = (audit: string) => audits[audit]!.numericValue;
        scores.push(
          `${Math.round(categories.performance.score * 100)} (FCP ${(value('first-contentful-paint') / 1000).toFixed(1)} s, ` +
            `LCP ${(value('largest-contentful-paint') / 1000).toFixed(1)} s, TBT ${Math.round(value('total-blocking-time'))} ms, ` +
            `CLS ${value('cumulative-layout-shift').toFixed(3)})`,
        );
      }
      console.log(`${preset.padEnd(8)} ${scores.join('; ')}`);
    }
  } finally {
    await server.stop();
  }
}
