// Recently viewed entries and definitions, and bookmarks of either, kept in the browser.
import { isDefId, isEntryId } from '../api/catalog';
import { storageKey, writeStored, readStored, useStored, type Stored } from '../preferences/stored';

export interface Place {
  database: string;
  entryId: string;
  headword: string;
  /** Set for a single definition. */
  defId?: string;
  /** The definition's number, e.g. "3a". */
  number?: string;
  /** The run-on entry the definition belongs to, if any. */
  runOn?: string;
}

export interface SavedPlace extends Place {
  /** When it was viewed or bookmarked (ISO 8601). */
  at: string;
}

export const HISTORY_LIMIT = 200;

const isString = (value: unknown): value is string => typeof value === 'string';
const isOptionalString = (value: unknown) => value === undefined || isString(value);

function isSavedPlace(value: unknown): value is SavedPlace {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    [item.database, item.entryId, item.headword, item.at].every(isString) &&
    [item.defId, item.number, item.runOn].every(isOptionalString) &&
    isEntryId(item.entryId as string) &&
    (item.defId === undefined || isDefId(item.defId as string)) &&
    !Number.isNaN(Date.parse(item.at as string))
  );
}

/** The places of a JSON list, or undefined when it is not a list of places. */
export function parsePlaces(json: unknown): SavedPlace[] | undefined {
  return Array.isArray(json) && json.every(isSavedPlace) ? json.map(placeFields) : undefined;
}

/** Only the fields of a place, so that nothing else an imported file carries is kept. */
function placeFields({ database, entryId, headword, defId, number, runOn, at }: SavedPlace): SavedPlace {
  return { database, entryId, headword, at, ...(defId !== undefined && { defId, number, runOn }) };
}

const savedList = (name: string): Stored<SavedPlace[]> => ({ key: storageKey(name), parse: parsePlaces, fallback: [] });
export const history = savedList('history');
export const bookmarks = savedList('bookmarks');

export const placeKey = (place: Place) => [place.database, place.entryId, place.defId ?? ''].join('/');

/** Places newest first, one per key (the newest), at most `limit`. */
export function mergePlaces(places: SavedPlace[], limit = Infinity): SavedPlace[] {
  const newest = new Map<string, SavedPlace>();
  for (const place of [...places].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))) {
    if (!newest.has(placeKey(place))) newest.set(placeKey(place), place);
  }
  return [...newest.values()].slice(0, limit);
}

export function recordVisit(place: Place, at = new Date()) {
  writeStored(history, mergePlaces([{ ...place, at: at.toISOString() }, ...readStored(history)], HISTORY_LIMIT));
}

export function useBookmark(place: Place) {
  const [saved, setSaved] = useStored(bookmarks);
  const key = placeKey(place);
  const bookmarked = saved.some((item) => placeKey(item) === key);
  const toggle = () =>
    setSaved((current) =>
      current.some((item) => placeKey(item) === key)
        ? current.filter((item) => placeKey(item) !== key)
        : mergePlaces([{ ...place, at: new Date().toISOString() }, ...current]),
    );
  return { bookmarked, toggle };
}
