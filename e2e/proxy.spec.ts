// The app through our server proxying a real service (a stand-in, e2e/upstream.ts, that wants
// the key and answers some sections wrongly): a failing or malformed section breaks only
// itself, Retry reads it again, and the key never reaches the browser.
import { expect, test } from './fixtures';
import { sampleId } from '../server/datasets/sample';
import { PROXY_PORT, UPSTREAM_KEY } from './servers';

const proxied = `http://127.0.0.1:${PROXY_PORT}`;

test('sections the upstream fails or sends malformed break only themselves, and the key stays on the server', async ({
  page,
}) => {
  const seen: string[] = [];
  const api: string[] = [];
  page.on('response', async (response) => {
    seen.push(JSON.stringify(response.headers()) + (await response.text().catch(() => '')));
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/')) api.push(pathname);
  });
  await page.goto(`${proxied}/sample/entries/${sampleId('mouse')}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('mouse');

  // The upstream failed once on definition 1's inflections, with the key in its message.
  const first = page.getByRole('listitem', { name: 'Definition 1', exact: true });
  await expect(first.locator('.def-text')).toContainText('a small rodent');
  const failed = first.getByRole('alert');
  // In our words: the upstream's own text (which held the key) is never relayed.
  await expect(failed).toContainText('Could not load inflections: The dictionary service failed (500).');
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(first.locator('.inflections')).toContainText('mice');
  await expect(first.getByRole('alert')).toHaveCount(0);

  // It sends definition 2's parts of speech malformed, every time.
  const second = page.getByRole('listitem', { name: 'Definition 2', exact: true });
  await expect(second.getByRole('alert')).toContainText(/Could not load parts of speech: .*unexpected shape/);
  await expect(second.locator('.def-text')).toContainText('hand-held device');

  expect(api.sort()).toEqual([
    '/api/databases.json',
    // The entry came with its page's HTML; Retry asked for the section that failed.
    `/api/sample/entries/${sampleId('mouse')}/defs/001/inflections`,
  ]);
  expect(seen.length).toBeGreaterThan(3);
  for (const response of seen) {
    expect(response).not.toContain(UPSTREAM_KEY);
    expect(response.toLowerCase()).not.toContain('x-api-key');
  }
});

test('the API key never reaches the browser, in any encoding, whatever the page', async ({ page }) => {
  const seen: string[] = [];
  page.on('response', async (response) =>
    seen.push(JSON.stringify(response.headers()) + (await response.text().catch(() => ''))),
  );
  await page.goto(`${proxied}/`);
  await page.getByRole('combobox', { name: /^Search/ }).fill('mous');
  await page.getByRole('option', { name: /mouse/ }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('mouse');
  await page.goto(`${proxied}/sample/search?q=run`);
  await expect(page.getByRole('link', { name: 'run', exact: true })).toBeVisible();
  await page.goto(`${proxied}/sample/entries/${sampleId('run')}/defs/002`);
  await expect(page.locator('[aria-current="true"]')).toBeVisible();
  const all = seen.join('\n');
  expect(seen.length).toBeGreaterThan(5);
  const encodings = [
    UPSTREAM_KEY,
    encodeURIComponent(UPSTREAM_KEY),
    Buffer.from(UPSTREAM_KEY).toString('base64'),
    Buffer.from(UPSTREAM_KEY).toString('hex'),
    [...UPSTREAM_KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
  ];
  for (const encoded of encodings) expect(all.toLowerCase()).not.toContain(encoded.toLowerCase());
  expect(all.toLowerCase()).not.toContain('x-api-key');
});

test('a long entry whose later definitions are slow comes with its first screen, and the app reads the rest', async ({
  page,
}) => {
  const api: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) api.push(pathname);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const run = sampleId('run');
  await page.goto(`${proxied}/sample/entries/${run}`);
  // The page came once the first five were in, before the others (see e2e/upstream.ts).
  await expect(page.getByRole('listitem', { name: 'Definition 4', exact: true }).locator('.def-text')).not.toBeEmpty();
  const last = page.getByRole('listitem', { name: 'Definition 10', exact: true });
  await expect(last.locator('.def-text')).not.toBeEmpty();
  await expect(page.getByLabel('Loading definition')).toHaveCount(0);
  expect(api.sort()).toEqual(['/api/databases.json', `/api/sample/entries/${run}`]);
  expect(errors).toEqual([]);
});
