import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/browser';

const PORT = Number(process.env.E2E_PORT ?? 4319);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // Set by scripts/e2e.ts when the browser is the system's rather than Playwright's own.
          executablePath: process.env.CHROMIUM_PATH || undefined,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: {
    // The production build, served by the real server with the embedded service.
    command: 'npx tsx server/server.ts',
    url: `http://127.0.0.1:${PORT}/api/databases.json`,
    env: { PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DICTIONARY_API_URL: '' },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
