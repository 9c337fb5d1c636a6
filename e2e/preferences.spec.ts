// Preferences, history and bookmarks survive a reload; offline notice; print and phone layouts.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { sampleId } from '../server/datasets/sample';

const mouse = sampleId('mouse');
const run = sampleId('run');

test('the dark theme chosen is kept after a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const background = () => page.evaluate('getComputedStyle(document.body).backgroundColor');
  const light = await background();
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).not.toBe(light);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('the theme follows the system until one is chosen', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'false');
});

test('the pronunciation notation is sent, shown and kept after a reload', async ({ page }) => {
  await page.goto(`/sample/entries/${mouse}`);
  const first = page.getByRole('listitem', { name: 'Definition 1', exact: true });
  await expect(first.getByText('MYSS')).toBeVisible();
  // The whole entry is read again in that notation.
  const request = page.waitForRequest((r) => r.url().endsWith(`/entries/${mouse}?phonemic-transcription=md`));
  await page.getByRole('combobox', { name: 'Pronunciation' }).selectOption('md');
  await request;
  await expect(first.getByText('ˈmīs')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Pronunciation' })).toHaveValue('md');
  await expect(first.getByText('ˈmīs')).toBeVisible();
});

test('switching database keeps the search, and the start page remembers it', async ({ page }) => {
  await page.goto('/sample/search?q=run');
  await expect(page.getByRole('link', { name: 'run', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Database' }).selectOption('wordnet');
  await expect(page).toHaveURL('/wordnet/search?q=run');
  await expect(page.getByText(/^Showing the first 50 of \d+ entries\.$/)).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Database' })).toHaveValue('wordnet');
  await expect(page.getByRole('combobox', { name: 'Search in wordnet' })).toBeVisible();
});

test('history and bookmarks survive a reload, and move to another browser by export and import', async ({
  page,
  browser,
}) => {
  await page.goto(`/sample/entries/${run}/defs/010`);
  await page.getByRole('button', { name: 'Bookmark definition 10' }).click();
  await page.goto(`/sample/entries/${mouse}`);
  await expect(page.getByRole('heading', { level: 1, name: 'mouse' })).toBeVisible();
  await page.goto('/saved');
  await page.reload();
  const bookmarks = page.getByRole('region', { name: 'Bookmarks', exact: true });
  await expect(bookmarks.getByRole('link', { name: 'run, definition 10' })).toBeVisible();
  const history = page.getByRole('region', { name: 'Recently viewed' });
  await expect(history.getByRole('link')).toHaveText(['mouse', 'run, definition 10']);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to a file' }).click();
  const file = await (await download).path();
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ bookmarks: [{ headword: 'run', defId: '010' }] });

  const other = await browser.newPage();
  await other.goto('/saved');
  await expect(other.getByText('No bookmarks yet.', { exact: false })).toBeVisible();
  await other.getByLabel('Import from a file').setInputFiles(file);
  await expect(other.getByText('Imported 1 bookmark and 2 history items')).toBeVisible();
  await other.getByRole('link', { name: 'run, definition 10' }).first().click();
  await expect(other.getByRole('listitem', { name: 'Definition 10', exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await other.close();
});

test('says when the browser is offline, and stops saying it when it is back', async ({ page, context }) => {
  await page.goto(`/sample/entries/${mouse}`);
  await expect(page.getByRole('heading', { level: 1, name: 'mouse' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('You are offline.', { exact: false })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('You are offline.', { exact: false })).toBeHidden();
});

test('prints the entry without the header and buttons', async ({ page }) => {
  await page.goto(`/sample/entries/${mouse}`);
  await expect(page.getByRole('listitem', { name: 'Definition 1', exact: true })).toContainText('a small rodent');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Copy link to definition 1' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'mouse' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Definition 1', exact: true })).toBeVisible();
});

for (const path of [
  '/',
  '/sample/search?q=r',
  `/sample/entries/${mouse}`,
  `/sample/entries/${sampleId('france')}`,
  '/saved',
]) {
  test(`nothing is wider than a 360-pixel phone at ${path}`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  });
}
