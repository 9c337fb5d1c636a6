// Bookmarks and history as a JSON file, to keep or to move to another browser.
import { HISTORY_LIMIT, mergePlaces, parsePlaces, type SavedPlace } from './saved';

const FORMAT = 'dictionary-reader/saved';
const VERSION = 1;

export interface SavedLists {
  bookmarks: SavedPlace[];
  history: SavedPlace[];
}

export function exportSaved(lists: SavedLists, now = new Date()): string {
  return JSON.stringify({ format: FORMAT, version: VERSION, exportedAt: now.toISOString(), ...lists }, null, 2);
}

export class ImportError extends Error {}

/** The lists of an exported file; throws an ImportError saying what is wrong with it. */
export function parseSaved(text: string): SavedLists {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ImportError('This file is not JSON.');
  }
  const file = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  if (file.format !== FORMAT) throw new ImportError('This file is not an export of Dictionary Reader bookmarks.');
  if (file.version !== VERSION)
    throw new ImportError(`This file is version ${String(file.version)}; this app reads version ${VERSION}.`);
  const bookmarks = parsePlaces(file.bookmarks ?? []);
  const history = parsePlaces(file.history ?? []);
  if (!bookmarks || !history) throw new ImportError('This file’s bookmarks or history are not lists of places.');
  return { bookmarks, history };
}

/** What is kept after an import: both sets of places, the newest of each place. */
export const mergeSaved = (current: SavedLists, imported: SavedLists): SavedLists => ({
  bookmarks: mergePlaces([...imported.bookmarks, ...current.bookmarks]),
  history: mergePlaces([...imported.history, ...current.history], HISTORY_LIMIT),
});
