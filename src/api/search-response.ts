// The spec says only that a search answers "a JSON object". Our reference service answers
// `SearchResponse`; a real upstream may not, so we also recognise plausible alternatives:
// a bare array of hits, or a list under results/hits/entries/items/matches/data, with the
// entry ID and headword under common names. Anything else is an "invalid response".
import { ApiError } from './http';
import { SearchResponse, type SearchHit, type SearchSuggestion } from './schemas';
import { mismatch } from './validate';

const LIST_KEYS = ['results', 'hits', 'entries', 'items', 'matches', 'data'] as const;
const ENTRY_ID_KEYS = ['entryId', 'entry-id', 'entry_id', 'entryID', 'id'] as const;
const HEADWORD_KEYS = ['headword', 'hwd', 'word', 'title', 'text'] as const;
const DEF_ID_KEYS = ['defId', 'def-id', 'def_id', 'definitionId'] as const;

type Loose = Record<string, unknown>;
const isLoose = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function pick(record: Loose, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

function looseHit(item: unknown): SearchHit | undefined {
  if (!isLoose(item)) return undefined;
  const nested = isLoose(item.entry) ? item.entry : undefined;
  const entryId = pick(item, ENTRY_ID_KEYS.slice(0, 4)) ?? (nested && pick(nested, ['id'])) ?? pick(item, ['id']);
  const headword = pick(item, HEADWORD_KEYS) ?? (nested && pick(nested, HEADWORD_KEYS));
  if (!entryId || !headword) return undefined;
  const defId = pick(item, DEF_ID_KEYS) ?? (isLoose(item.definition) ? pick(item.definition, ['id']) : undefined);
  return { entryId, headword, defId, field: pick(item, ['field']) ?? '', text: headword, match: 'exact' };
}

export interface ParsedSearch {
  total: number;
  /** There are more matches than total: the service stopped counting. */
  more?: boolean;
  results: SearchHit[];
  suggestions: SearchSuggestion[];
}

export function parseSearchResponse(body: unknown): ParsedSearch {
  if (mismatch(SearchResponse, body) === null) {
    const response = body as SearchResponse;
    return { ...response, suggestions: response.suggestions ?? [] };
  }
  const list = Array.isArray(body)
    ? body
    : isLoose(body)
      ? LIST_KEYS.map((key) => body[key]).find((value): value is unknown[] => Array.isArray(value))
      : undefined;
  const results = list?.map(looseHit);
  if (!results || results.some((hit) => hit === undefined)) {
    throw new ApiError(
      'invalid-response',
      'The dictionary service answered the search in a structure this app does not recognise.',
    );
  }
  const total = isLoose(body) && typeof body.total === 'number' ? body.total : results.length;
  return { total, results: results as SearchHit[], suggestions: [] };
}
