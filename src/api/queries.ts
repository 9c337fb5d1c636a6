// Query options per resource, shared by route loaders and components. Keys go from generic
// to specific; each operation's key is the unit of caching.
import { queryOptions } from '@tanstack/react-query';
import {
  definitionSections,
  entrySections,
  type DefinitionSectionName,
  type DefinitionSectionValue,
  type EntrySectionName,
  type EntrySectionValue,
  type SectionSpec,
} from './catalog';
import {
  getDefinitionMap,
  getDefinitionSection,
  getEntrySection,
  searchDefinitionData,
  searchEntryData,
} from './endpoints';
import { API_BASE, expectShape, isApiError, request } from './http';
import { DatabaseList, type DefinitionSearch, type EntrySearch } from './schemas';

/**
 * Whether a section's failure means only that there is nothing to show. An absent section
 * answers 404 (or an empty value); our extensions (§4.4) may not exist upstream at all, which
 * it says with 501 Not Implemented. Any other failure, a 503 or a lost connection, is shown
 * with a Retry, as for any section.
 */
export const meansNothing = (spec: SectionSpec, error: unknown): boolean =>
  isApiError(error, 'not-found') || (spec.tag === 'extension' && isApiError(error) && error.status === 501);

/** A section's value, or null when there is nothing to show. */
async function optionalSection<T>(spec: SectionSpec, read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (meansNothing(spec, error)) return null;
    throw error;
  }
}

/**
 * Sections are put into the cache by the whole entry (whole-entry.ts), which decides when
 * they are read again; a section is fetched alone only when the whole entry did not bring it,
 * or to retry its failure, never again by itself on mount.
 */
const sectionCaching = { staleTime: Infinity, gcTime: 10 * 60_000, retryOnMount: false } as const;

/** Part of a query key that exists only for operations taking `phonemic-transcription`. */
const transcriptionKey = (takesIt: boolean, transcription: string | undefined) => (takesIt ? [{ transcription }] : []);

export const entryQueries = {
  all: () => ['entries'] as const,
  one: (database: string, entryId: string) => [...entryQueries.all(), database, entryId] as const,

  headword: (database: string, entryId: string) =>
    queryOptions({
      queryKey: [...entryQueries.one(database, entryId), 'headword'],
      queryFn: ({ signal }) => getEntrySection(database, entryId, 'headword', { signal }),
      ...sectionCaching,
    }),

  definitionMap: (database: string, entryId: string) =>
    queryOptions({
      queryKey: [...entryQueries.one(database, entryId), 'defs'],
      queryFn: ({ signal }) => getDefinitionMap(database, entryId, { signal }),
      ...sectionCaching,
    }),

  /** An optional entry-level section: null when the entry has none. */
  section: <N extends Exclude<EntrySectionName, 'headword'>>(
    database: string,
    entryId: string,
    name: N,
    transcription?: string,
  ) =>
    queryOptions({
      queryKey: [
        ...entryQueries.one(database, entryId),
        name,
        ...transcriptionKey(entrySections[name].transcription, transcription),
      ],
      queryFn: ({ signal }): Promise<EntrySectionValue<N> | null> =>
        optionalSection(entrySections[name], getEntrySection(database, entryId, name, { transcription, signal })),
      ...sectionCaching,
    }),
};

export const definitionQueries = {
  one: (database: string, entryId: string, defId: string) => ['definitions', database, entryId, defId] as const,

  /** A definition's section: null when the definition has none. */
  section: <N extends DefinitionSectionName>(
    database: string,
    entryId: string,
    defId: string,
    name: N,
    transcription?: string,
  ) =>
    queryOptions({
      queryKey: [
        ...definitionQueries.one(database, entryId, defId),
        name,
        ...transcriptionKey(definitionSections[name].transcription, transcription),
      ],
      queryFn: ({ signal }): Promise<DefinitionSectionValue<N> | null> =>
        optionalSection(
          definitionSections[name],
          getDefinitionSection(database, entryId, defId, name, { transcription, signal }),
        ),
      ...sectionCaching,
    }),
};

export const searchQueries = {
  entries: (database: string, fields: EntrySearch) =>
    queryOptions({
      queryKey: ['search', database, 'entry-data', fields],
      queryFn: ({ signal }) => searchEntryData(database, fields, signal),
    }),
  definitions: (database: string, fields: DefinitionSearch) =>
    queryOptions({
      queryKey: ['search', database, 'definition-data', fields],
      queryFn: ({ signal }) => searchDefinitionData(database, fields, signal),
    }),
};

/** The databases the server offers (`/api/databases.json`, served by our own server). */
export const databasesQuery = () =>
  queryOptions({
    queryKey: ['databases'],
    queryFn: async ({ signal }) =>
      expectShape<DatabaseList>(DatabaseList, await request('GET', `${API_BASE}/databases.json`, { signal })),
    staleTime: Infinity,
  });
