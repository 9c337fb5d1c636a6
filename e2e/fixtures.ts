// Playwright's test, whose page waits, after loading or reloading an app URL, until the app
// runs: an entry's page, rendered by the server, shows its buttons before they work. Any
// breach of the Content Security Policy, which Chromium reports on the console, fails the test.
import { expect, test as base, type Page } from '@playwright/test';

export { expect };

const appRuns = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-app', 'running');

export const test = base.extend<{ cspViolationsFail: boolean }>({
  cspViolationsFail: [true, { option: true }],
  page: async ({ page, cspViolationsFail }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    Object.assign(page, {
      goto: async (...args: Parameters<Page['goto']>) => {
        const response = await goto(...args);
        await appRuns(page);
        return response;
      },
      reload: async (...args: Parameters<Page['reload']>) => {
        const response = await reload(...args);
        await appRuns(page);
        return response;
      },
    });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    await use(page);
    if (cspViolationsFail) expect(violations, 'Content Security Policy violations').toEqual([]);
  },
});
