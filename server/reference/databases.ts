// Opens the embedded service's databases: `sample`, built in memory from its source at every
// start, and every built database file in data/.
import Database from 'better-sqlite3';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { sampleDataset } from '../datasets/sample';
import { PROJECT_ROOT } from '../project-root';
import { buildDatabase } from './build';
import { DictionaryStore } from './store';

export const DATA_DIR = join(PROJECT_ROOT, 'data');

export function openSample(): DictionaryStore {
  return new DictionaryStore(buildDatabase(':memory:', sampleDataset));
}

/**
 * The databases to serve. A file that cannot be read as one (damaged, cut short, or built in
 * an older layout) is left out with one line through `warn`, and the others are served.
 */
export function openDatabases(
  dataDir = DATA_DIR,
  warn: (message: string) => void = console.warn,
): Map<string, DictionaryStore> {
  const stores = new Map([['sample', openSample()]]);
  const files = existsSync(dataDir) ? readdirSync(dataDir).filter((file) => file.endsWith('.sqlite')) : [];
  for (const file of files.sort()) {
    const path = join(dataDir, file);
    try {
      stores.set(basename(file, '.sqlite'), openFile(path));
    } catch (error) {
      warn(`Skipping the database ${path}: ${(error as Error).message}. \`npm run data:rebuild\` builds it again.`);
    }
  }
  return stores;
}

function openFile(path: string): DictionaryStore {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    // A file cut short still opens: its header says how long it should be.
    const expected =
      (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
    if (statSync(path).size < expected)
      throw new Error(`the file is cut short (${statSync(path).size} of ${expected} bytes)`);
    return new DictionaryStore(db);
  } catch (error) {
    db.close();
    throw error;
  }
}
