// axe (WCAG 2 A and AA rules) on every kind of page, in both themes; and the whole reading
// flow with the keyboard alone.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { stableEntryId } from '../server/datasets/ids';
import { sampleId } from '../server/datasets/sample';

const mouse = sampleId('mouse');
const france = sampleId('france');

interface PageCase {
  name: string;
  path: string;
  /** Makes the page what it should be before axe looks at it. */
  ready: (page: Page) => Promise<void>;
  /** Axe takes some 20 s over the 7,500 elements of wordnet's `run`: three times the usual time allowed. */
  large?: true;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

/** Waits until no section is loading any more. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.skeleton')).toHaveCount(0);
}

const PAGES: PageCase[] = [
  { name: 'home', path: '/', ready: heading('Look up a word') },
  {
    name: 'home with suggestions open',
    path: '/',
    ready: async (page) => {
      await page.getByRole('combobox', { name: /^Search/ }).pressSequentially('r');
      await expect(page.getByRole('option', { name: 'run' })).toBeVisible();
      await page.keyboard.press('ArrowDown');
    },
  },
  { name: 'search results', path: '/sample/search?q=r', ready: heading('Results for “r”') },
  { name: 'did you mean', path: '/sample/search?q=mouze', ready: heading('Results for “mouze”') },
  { name: 'advanced search results', path: '/sample/search?variants=cafe', ready: heading('Advanced search results') },
  { name: 'entry', path: `/sample/entries/${mouse}`, ready: heading('mouse') },
  { name: 'entry with cards', path: `/sample/entries/${france}`, ready: heading('France') },
  { name: 'definition', path: `/sample/entries/${mouse}/defs/002`, ready: heading('mouse') },
  {
    name: 'large database entry',
    path: `/wordnet/entries/${stableEntryId('wordnet', 'run')}`,
    ready: heading('run'),
    large: true,
  },
  {
    name: 'large database search',
    path: '/wordnet/search?q=mou',
    ready: heading('Results for “mou”'),
  },
  { name: 'bookmarks and history', path: '/saved', ready: heading('Bookmarks and history') },
  { name: 'not found', path: '/sample/entries/00000000-0000-0000-0000-000000000000', ready: heading('Not found') },
  {
    name: 'error',
    // An entry the app reads itself (its own page comes with its entry): one followed from the results.
    path: '/sample/search?q=mouse',
    ready: async (page) => {
      await page.getByRole('link', { name: 'mouse', exact: true }).click();
      await heading('This page could not be loaded')(page);
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
  },
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    for (const { name, path, ready, large } of PAGES) {
      test(`axe finds nothing on the ${name} page`, async ({ page }) => {
        test.slow(large === true);
        await page.emulateMedia({ colorScheme });
        if (name === 'error') {
          await page.route('**/api/sample/entries/*', (route) =>
            route.fulfill({
              status: 500,
              json: { statusCode: 500, error: 'Internal', message: 'The service is down.' },
            }),
          );
        }
        await page.goto(path);
        await ready(page);
        if (name !== 'home with suggestions open') await settled(page);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const violations = results.violations.map(({ id, help, nodes }) => ({
          id,
          help,
          targets: nodes.map((node) => node.target.join(' ')),
        }));
        expect(violations).toEqual([]);
      });
    }
  });
}

/** Presses Tab until the focused element matches, as a keyboard user would. */
async function tabTo(page: Page, accessibleText: string, limit = 40) {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      '(document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "").trim()',
    );
    if (focused === accessibleText) return;
  }
  throw new Error(`“${accessibleText}” was not reached within ${limit} presses of Tab`);
}

test('axe reports a violation when there is one', async ({ page }) => {
  await page.goto('/');
  await heading('Look up a word')(page);
  await page.evaluate(
    'document.querySelector("main").append(Object.assign(document.createElement("button"), { className: "x" }))',
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a']).analyze();
  expect(results.violations.map((violation) => violation.id)).toContain('button-name');
});

test('the whole flow with the keyboard alone: search, open, follow a cross-reference, bookmark, go back', async ({
  page,
}) => {
  await page.goto(`/sample/search?q=zzz`);
  await heading('Results for “zzz”')(page);

  await page.keyboard.press('/');
  const box = page.getByRole('combobox', { name: /^Search/ });
  await expect(box).toBeFocused();
  await page.keyboard.type('mou');
  await expect(page.getByRole('option', { name: 'mouse' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'mouse' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await heading('mouse')(page);

  await tabTo(page, 'rat');
  await page.keyboard.press('Enter');
  await heading('rat')(page);

  await tabTo(page, 'Bookmark this entry');
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Bookmark this entry' })).toHaveAttribute('aria-pressed', 'true');

  // Back is the browser's own key (Alt+Left), which reaches the browser's interface rather than
  // the page, so it is pressed the way the browser would carry it out.
  await page.goBack();
  await heading('mouse')(page);

  await tabTo(page, 'Bookmarks & history');
  await page.keyboard.press('Enter');
  await heading('Bookmarks and history')(page);
  await expect(
    page.getByRole('region', { name: 'Bookmarks', exact: true }).getByRole('link', { name: 'rat' }),
  ).toBeVisible();
});
