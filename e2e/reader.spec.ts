import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { sampleId } from '../server/datasets/sample';

/** Marks the current document, so a later check can tell whether the page was reloaded. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((globalThis as unknown as { marker: string }).marker = 'same-document'));
const stillSameDocument = (page: Page) => page.evaluate(() => (globalThis as unknown as { marker?: string }).marker);

test('search for a word and open its entry', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: /^Search/ }).fill('mou');
  await page.getByRole('combobox', { name: /^Search/ }).press('Enter');
  await expect(page).toHaveURL(/\/sample\/search\?q=mou$/);
  await page.getByRole('link', { name: 'mouse' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('mouse');
  await expect(page).toHaveURL(`/sample/entries/${sampleId('mouse')}`);
  await expect(page.getByRole('listitem', { name: 'Definition 1', exact: true })).toContainText('a small rodent');
});

test('follow a cross-reference without reloading, then go back', async ({ page }) => {
  await page.goto(`/sample/entries/${sampleId('run')}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('run');
  await markDocument(page);
  const definition = page.getByRole('listitem', { name: 'Definition 1', exact: true });
  await definition.locator('.def-text').getByRole('link', { name: 'sprint' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('sprint');
  await expect(page).toHaveURL(`/sample/entries/${sampleId('sprint')}`);
  expect(await stillSameDocument(page)).toBe('same-document');

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('run');
  await expect(page).toHaveURL(`/sample/entries/${sampleId('run')}`);
  expect(await stillSameDocument(page)).toBe('same-document');
});

test('a definition link opened directly shows that definition highlighted', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 600 });
  await page.goto(`/sample/entries/${sampleId('run')}/defs/010`);
  const definition = page.getByRole('listitem', { name: 'Definition 10', exact: true });
  await expect(definition).toHaveAttribute('aria-current', 'true');
  await expect(definition).toHaveClass(/highlighted/);
  await expect(definition).toBeInViewport();
  await expect(definition).toContainText('published in a newspaper');
  await expect(page.getByRole('listitem', { name: 'Definition 1', exact: true })).not.toHaveAttribute('aria-current');
});

test('a run-on definition link works too', async ({ page }) => {
  await page.goto(`/sample/entries/${sampleId('run')}/defs/020`);
  const definition = page.getByRole('listitem', { name: 'Definition 1 of “run out of steam”' });
  await expect(definition).toHaveAttribute('aria-current', 'true');
  await expect(definition).toContainText('to lose energy or enthusiasm');
});

test('an unknown entry shows the not-found page', async ({ page }) => {
  await page.goto('/sample/entries/00000000-0000-0000-0000-000000000000');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page.getByText('There is no entry')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the start page' }).click();
  await expect(page.getByRole('heading', { name: 'Look up a word' })).toBeVisible();
});

test('copy link puts the definition’s deep link on the clipboard, and / focuses the search box', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/sample/entries/${sampleId('mouse')}`);
  await page.getByRole('button', { name: 'Copy link to definition 2' }).click();
  await expect(page.getByRole('listitem', { name: 'Definition 2', exact: true }).getByRole('status')).toHaveText(
    'Link copied',
  );
  const copied = await page.evaluate('navigator.clipboard.readText()');
  expect(copied).toBe(new URL(`/sample/entries/${sampleId('mouse')}/defs/002`, page.url()).href);

  await page.keyboard.press('/');
  await expect(page.getByRole('combobox', { name: /^Search/ })).toBeFocused();
});
