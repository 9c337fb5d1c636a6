// Builds the large databases into data/: written to a temporary file and renamed when
// complete, so an interrupted build never leaves a half-built database behind.
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDatabase } from '../reference/build';
import { DATA_DIR } from '../reference/databases';
import { licenceNotices } from './wordnet/licences';
import { wordnetDataset } from './wordnet/wordnet';

/** Bump when the database layout or the way data is derived changes: older files are rebuilt. */
export const DATA_FORMAT = '8';

export const wordnetPath = (dataDir = DATA_DIR) => join(dataDir, 'wordnet.sqlite');

/** True when the file exists and was built by this version of the builder. */
export function isCurrent(path: string): boolean {
  if (!existsSync(path)) return false;
  try {
    const db = new Database(path, { readonly: true });
    const format = db.prepare("SELECT value FROM meta WHERE key = 'format'").pluck().get();
    db.close();
    return format === DATA_FORMAT;
  } catch {
    return false;
  }
}

/** Where a database is built before it is renamed into place. */
const partialPath = (path: string) => `${path}.partial`;

/** What a build that was stopped left behind: its partial file, and SQLite's journal of it. */
export function removeLeftovers(path: string) {
  for (const leftover of [partialPath(path), `${partialPath(path)}-journal`]) rmSync(leftover, { force: true });
}

export interface BuildReport {
  entries: number;
  seconds: number;
  bytes: number;
}

export function buildWordnet(
  dataDir = DATA_DIR,
  onProgress?: (done: number, total: number) => void,
  onStep?: (step: string) => void,
): BuildReport {
  const started = performance.now();
  mkdirSync(dataDir, { recursive: true });
  const path = wordnetPath(dataDir);
  const partial = partialPath(path);
  removeLeftovers(path);
  const dataset = wordnetDataset();
  const db = buildDatabase(partial, dataset, (done) => onProgress?.(done, dataset.size), onStep);
  db.prepare("INSERT INTO meta (key, value) VALUES ('format', ?)").run(DATA_FORMAT);
  const entries = db.prepare('SELECT count(*) FROM entries').pluck().get() as number;
  db.close();
  writeFileSync(join(dataDir, 'wordnet.LICENSES.txt'), licenceNotices());
  renameSync(partial, path);
  return { entries, seconds: (performance.now() - started) / 1000, bytes: statSync(path).size };
}
