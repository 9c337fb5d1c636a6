// The reader on the large wordnet database, as a user goes about it.
import { expect, test } from './fixtures';
import { stableEntryId } from '../server/datasets/ids';

const wordnetEntry = (lemma: string) => `/wordnet/entries/${stableEntryId('wordnet', lemma)}`;

test('an inflected form finds its word, and relations walk from entry to entry', async ({ page }) => {
  await page.goto('/wordnet/search?q=mice');
  await expect(page.getByText('“mice” is a form of this word')).toBeVisible();
  await page.getByRole('link', { name: 'mouse', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('mouse');

  const first = page.getByRole('listitem', { name: 'Definition 1', exact: true });
  await expect(first.locator('.ipa').first()).toHaveText('/maʊs/');
  // The hypernym, as a cross-reference record: to rodent's definition, highlighted.
  await first.locator('.cross-references').getByRole('link', { name: 'rodent' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('rodent');
  await expect(page.locator('.definition.highlighted')).toContainText('gnawing');

  // A relation mentioned in the definition text, as a cross-reference span.
  await page.locator('.definition.highlighted .def-text').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/wordnet\/entries\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('rodent');

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('rodent');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('mouse');
});

test('a misspelt search offers the word meant', async ({ page }) => {
  await page.goto('/wordnet/search?q=recieve');
  await expect(page.getByText('No entries in “wordnet” match “recieve”.')).toBeVisible();
  await page.getByRole('link', { name: 'receive', exact: true }).click();
  await expect(page).toHaveURL('/wordnet/search?q=receive');
  await page.getByRole('link', { name: 'receive', exact: true }).click();
  await expect(page).toHaveURL(wordnetEntry('receive'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('receive');
});

test('a country shows its geography card, with the capital a link', async ({ page }) => {
  await page.goto(wordnetEntry('france'));
  const card = page.getByRole('complementary', { name: 'Geography' });
  await expect(card).toContainText('551,695 km²');
  await expect(page.getByRole('contentinfo')).toContainText('WordNet 3.1 © 2011 Princeton University');
  await card.getByRole('link', { name: 'Paris' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paris');
});

test('type-ahead on the large database, then the md notation for the inflections', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Database' }).selectOption('wordnet');
  const box = page.getByRole('combobox', { name: 'Search in wordnet' });
  await box.pressSequentially('wen');
  await expect(
    page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: 'wench', exact: true }),
  ).toBeVisible();
  await box.press('t');
  const go = page.getByRole('option', { name: 'go — “went” is a form of it' });
  await expect(go).toBeVisible();
  await go.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('go');

  await page.goto(`${wordnetEntry('run')}/defs/020`);
  const definition = page.locator('.definition.highlighted');
  await expect(definition.getByText('RUH-ning')).toBeVisible();
  await page.getByRole('combobox', { name: 'Pronunciation' }).selectOption('md');
  await expect(definition.getByText('ˈrə-niŋ')).toBeVisible();
});
