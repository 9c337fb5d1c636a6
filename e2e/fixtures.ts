// Playwright's test, whose page waits, after loading or reloading an app URL, until the app
// runs: an entry's page, rendered by the server, shows its buttons before they work.
import { expect, test as base, type Page } from '@playwright/test';

export { expect };

const appRuns = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-app', 'running');

export const test = base.extend({
  page: async ({ page }, use) => {
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
    await use(page);
  },
});
