// Finds a Chromium for the browser tests: Playwright's own if installed, else one from the
// system, else installs one (Playwright's download, or Debian's package when root).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Flags for Chromium in a container without a display or network, as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

const SYSTEM_BROWSERS = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

function playwrightBrowser(): string | undefined {
  try {
    const path = chromium.executablePath();
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function systemBrowser(): string | undefined {
  for (const name of SYSTEM_BROWSERS) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
    if (found) return found;
  }
  return undefined;
}

const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'inherit' }).status === 0;

/** The executable to launch: Playwright's own browser (`undefined` path) or a system Chromium. */
export function findBrowser(): { executablePath?: string; description: string } {
  const own = playwrightBrowser();
  if (own) return { description: `Playwright's Chromium (${own})` };
  const system = systemBrowser();
  if (system) return { executablePath: system, description: `system Chromium (${system})` };

  console.log('No Chromium found: trying `npx playwright install chromium`…');
  if (run('npx', ['playwright', 'install', 'chromium']) && playwrightBrowser()) {
    return { description: "Playwright's Chromium, just installed" };
  }
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("Trying Debian's chromium package…");
    if (run('apt-get', ['update']) && run('apt-get', ['install', '-y', 'chromium'])) {
      const installed = systemBrowser();
      if (installed)
        return { executablePath: installed, description: `system Chromium, just installed (${installed})` };
    }
  }
  throw new Error(
    'The browser tests need Chromium and none could be found or installed. Install one with ' +
      '`npx playwright install chromium`, or your system’s chromium package, and run `npm test` again.',
  );
}
