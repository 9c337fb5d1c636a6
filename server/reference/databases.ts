// Opens the embedded service's databases: `sample`, built in memory from its source at every
// start, and every built database file in data/.
import Database from 'better-sqlite3';
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { sampleDataset } from '../datasets/sample';
import { buildDatabase } from './build';
import { DictionaryStore } from './store';

export const DATA_DIR = new URL('../../data/', import.meta.url).pathname;

export function openSample(): DictionaryStore {
  return new DictionaryStore(buildDatabase(':memory:', sampleDataset));
}

export function openDatabases(dataDir = DATA_DIR): Map<string, DictionaryStore> {
  const stores = new Map([['sample', openSample()]]);
  const files = existsSync(dataDir) ? readdirSync(dataDir).filter((file) => file.endsWith('.sqlite')) : [];
  for (const file of files.sort()) {
    stores.set(basename(file, '.sqlite'), new DictionaryStore(new Database(join(dataDir, file), { readonly: true })));
  }
  return stores;
}
