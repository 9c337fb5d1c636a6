// Runs the browser tests against the production build, with a Chromium found by browser.ts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findBrowser } from './browser';

if (!existsSync('dist/index.html') || !existsSync('build/server.mjs')) {
  console.log('Building the app and the server for the browser tests…');
  if (spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}
const browser = findBrowser();
console.log(`Browser tests in ${browser.description}`);
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, ...(browser.executablePath ? { CHROMIUM_PATH: browser.executablePath } : {}) },
});
process.exit(result.status ?? 1);
