// The project's directory, however this code is run: from its sources (server/, with tsx) or
// compiled into build/server.mjs. It is the nearest directory up holding package.json.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('No package.json above the server: the project directory is unknown.');
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot();
