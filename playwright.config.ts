import { defineConfig, devices } from '@playwright/test';
import { PORT, PROXY_PORT, UPSTREAM_KEY, UPSTREAM_PORT } from './e2e/servers';
import { CHROMIUM_ARGS } from './scripts/browser';

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
  webServer: [
    {
      // The production build, served by the real server with the embedded service.
      command: 'node build/server.mjs',
      url: `http://127.0.0.1:${PORT}/api/databases.json`,
      env: { PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DICTIONARY_API_URL: '' },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'npx tsx e2e/upstream.ts',
      url: `http://127.0.0.1:${UPSTREAM_PORT}/api/databases.json`,
      env: { PORT: String(UPSTREAM_PORT), UPSTREAM_KEY },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The same build and server, proxying that service.
      command: 'node build/server.mjs',
      url: `http://127.0.0.1:${PROXY_PORT}/api/databases.json`,
      env: {
        PORT: String(PROXY_PORT),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DICTIONARY_API_URL: `http://127.0.0.1:${UPSTREAM_PORT}/api`,
        DICTIONARY_API_KEY: UPSTREAM_KEY,
        DICTIONARY_DATABASES: 'sample',
        DICTIONARY_TRANSCRIPTIONS: 'ipa,md',
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
