// An entry is read in one request, however long; back and forth sends nothing again; a link
// the reader is about to follow has its entry read already.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { stableEntryId } from '../server/datasets/ids';

const wordnetEntry = (lemma: string) => `/wordnet/entries/${stableEntryId('wordnet', lemma)}`;

/** The /api requests the page sends from now on, and those that fail. */
function watchApi(page: Page) {
  const seen = { requests: [] as string[], failed: [] as string[] };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) seen.requests.push(pathname);
  });
  page.on('requestfailed', (request) => seen.failed.push(`${request.url()} ${request.failure()?.errorText}`));
  return seen;
}

test('wordnet “run”, 110 definitions, is shown whole from its page and one request for the entry', async ({ page }) => {
  const api = watchApi(page);
  await page.goto(wordnetEntry('run'));
  const definitions = page.locator('.definition');
  await expect(definitions).toHaveCount(110);
  // Shown a few at a time: wait until none is left waiting.
  await expect(page.getByLabel('Loading definition')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('listitem', { name: 'Definition 57', exact: true }).locator('.def-text')).not.toBeEmpty();
  await expect(definitions.last().locator('.def-text')).not.toBeEmpty();

  // Scrolling to the end as fast as a reader can asks for nothing more.
  await page.keyboard.press('End');
  await expect(definitions.last()).toBeInViewport();
  // The page brings what it shows first; the rest is one request, which its Link header starts.
  expect(api.requests.sort()).toEqual(['/api/databases.json', `/api${wordnetEntry('run')}`]);
  expect(api.failed).toEqual([]);
});

test('going back to an entry already read sends no request', async ({ page }) => {
  await page.goto(wordnetEntry('dog'));
  const first = page.getByRole('listitem', { name: 'Definition 1', exact: true });
  await first.locator('.cross-references a').first().click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('dog');
  await expect(page.locator('.definition').first().locator('.def-text')).not.toBeEmpty();
  // Off the links: back on the first page, a link that came under the resting pointer would be
  // read ahead, as it should be, and counted here.
  await page.mouse.move(0, 0);

  const api = watchApi(page);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('dog');
  await expect(first.locator('.def-text')).toContainText('domesticated');
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('dog');
  expect(api.requests).toEqual([]);
});

test('an entry the pointer rests on is read before the click, which then sends nothing', async ({ page }) => {
  await page.goto('/wordnet/search?q=aardvark');
  const link = page.getByRole('link', { name: 'aardvark', exact: true });
  const read = page.waitForResponse((response) => response.url().endsWith(`/api${wordnetEntry('aardvark')}`));
  await link.hover();
  expect((await read).status()).toBe(200);

  const api = watchApi(page);
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('aardvark');
  await expect(page.locator('.definition .def-text')).toContainText('termites');
  expect(api.requests).toEqual([]);
});

test('an entry a keyboard user moves to is read before Enter, which then sends nothing', async ({ page }) => {
  await page.goto(wordnetEntry('aardvark'));
  const read = page.waitForResponse((response) => response.url().endsWith(`/api${wordnetEntry('anteater')}`));
  const link = page.locator('.definition .cross-references').getByRole('link', { name: 'anteater' });
  await link.focus();
  await read;
  const api = watchApi(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('anteater');
  expect(api.requests).toEqual([]);
});

test('an entry’s page shows the entry before any script runs, and the app takes it over as it is', async ({
  browser,
}) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto(wordnetEntry('dog'));
  await expect(still.getByRole('heading', { level: 1 })).toHaveText('dog');
  await expect(still).toHaveTitle('dog · Dictionary Reader');
  const firstStill = still.getByRole('listitem', { name: 'Definition 1', exact: true });
  await expect(firstStill.locator('.def-text')).toContainText('domesticated');
  // A reader who chose the dark theme (on a light system) gets it before any script runs.
  await noScript.addCookies([{ name: 'theme', value: 'dark', url: still.url() }]);
  await still.reload();
  await expect(still.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(still.locator('body')).toHaveCSS('background-color', 'rgb(22, 20, 17)');
  await noScript.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(wordnetEntry('dog'));
  // Taken over: the page responds to the reader, and the definitions after the first screen are shown.
  // The notations are offered once the app runs and has the database list.
  await expect(page.getByRole('combobox', { name: 'Pronunciation' })).toBeEnabled();
  const bookmark = page.getByRole('button', { name: 'Bookmark this entry' });
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Loading definition')).toHaveCount(0);
  await page
    .getByRole('listitem', { name: 'Definition 1', exact: true })
    .locator('.cross-references a')
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('dog');
  expect(errors).toEqual([]);
  await context.close();
});
