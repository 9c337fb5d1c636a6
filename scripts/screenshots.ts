// Takes the README's screenshots from the real app: the production build served with the
// embedded service, in Chromium. `npm run screenshots` (after `npm run data` and `npm run build`).
import { spawn } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { stableEntryId } from '../server/datasets/ids';
import { sampleId } from '../server/datasets/sample';
import { CHROMIUM_ARGS, findBrowser } from './browser';

const PORT = 4391;
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = 'docs';

async function waitForServer() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${BASE}/api/databases.json`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The server did not start.');
}

/** Waits until the page's sections have arrived. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .locator('.skeleton')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
}

const server = spawn(process.execPath, ['build/server.mjs'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DICTIONARY_API_URL: '' },
  stdio: 'inherit',
});
try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: findBrowser().executablePath,
    args: CHROMIUM_ARGS,
  });
  for (const colorScheme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ viewport: { width: 1100, height: 1000 }, colorScheme });
    await page.goto(`${BASE}/sample/entries/${sampleId('mouse')}`);
    await settle(page);
    await page.screenshot({ path: `${OUT}/entry-${colorScheme}.png` });
    await page.close();
  }
  const page = await browser.newPage({ viewport: { width: 1100, height: 560 } });
  await page.goto(BASE);
  await page.getByRole('combobox', { name: 'Database' }).selectOption('wordnet');
  await page.getByRole('combobox', { name: 'Search in wordnet' }).pressSequentially('mous', { delay: 50 });
  await page.getByRole('option', { name: 'mouse', exact: true }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.screenshot({ path: `${OUT}/search-suggestions.png` });

  const phone = await browser.newPage({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 2 });
  await phone.goto(`${BASE}${`/wordnet/entries/${stableEntryId('wordnet', 'france')}`}`);
  await settle(phone);
  await phone.screenshot({ path: `${OUT}/entry-phone.png` });
  await browser.close();
  console.log(`Wrote ${OUT}/entry-light.png, entry-dark.png, search-suggestions.png and entry-phone.png`);
} finally {
  server.kill();
}
