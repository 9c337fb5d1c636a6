// The whole entry, read in one request from our server. Each section it brings is put into
// the cache under that section's own query key, as the section's own GET would have left it
// (its value, null for nothing to show, or its error), so the page's components read their
// sections as if each had been fetched alone, and a failed one is fetched alone on Retry.
import { hashKey, notifyManager, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { definitionSections, entrySections, type SectionSpec } from './catalog';
import { parseEntryLine, readEntryLines, type WholeEntryLine } from './entry-lines';
import { ApiError, expectShape, kindOfStatus } from './http';
import { definitionQueries, entryQueries, meansNothing } from './queries';
import type { DefinitionLine, DefinitionMap, EntryLine, RunOnEntries } from './schemas';

/** The entry-level sections an entry line carries: all but the headword, which it has apart. */
const ENTRY_SECTIONS = Object.fromEntries(
  Object.entries(entrySections).filter(([name]) => name !== 'headword'),
) as Omit<typeof entrySections, 'headword'>;

export interface WholeEntry {
  headword: string;
  definitionMap: DefinitionMap;
  /** The run-on entries, when the entry has any and they could be read. */
  runOns: RunOnEntries | null;
  /** Definitions whose sections are all in the cache. */
  arrived: ReadonlySet<string>;
  /** Every line is in: a definition that has not arrived will not come this way. */
  complete: boolean;
}

/** The section as its own GET would have ended: its value, null, or an ApiError thrown; undefined if not in the line. */
function sectionValue(spec: SectionSpec, line: EntryLine | DefinitionLine, name: string): unknown {
  if (Object.hasOwn(line.values, name)) return expectShape(spec.schema, line.values[name]);
  if (line.absent.includes(name)) return null;
  const error = line.errors[name];
  if (error) throw new ApiError(kindOfStatus(error.status), error.message, error.status);
  return undefined;
}

/** Leaves the query as a failed fetch would have: in error, not to be fetched again until retried. */
function seedError(client: QueryClient, queryKey: QueryKey, error: unknown) {
  const query = client.getQueryCache().build(client, client.defaultQueryOptions({ queryKey }));
  query.setState({
    status: 'error',
    error: error as Error,
    errorUpdatedAt: Date.now(),
    errorUpdateCount: query.state.errorUpdateCount + 1,
    fetchFailureCount: 1,
    fetchFailureReason: error as Error,
    fetchStatus: 'idle',
  });
}

/** Nothing to show: no value, a blank text or an empty list. */
export const isEmptyValue = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && !value.trim()) ||
  (Array.isArray(value) && value.length === 0);

/**
 * Puts the sections of a line into the cache. With `skipEmpty`, a section with nothing to show
 * is left out (most of a definition's are): the page knows the definition has arrived, and so
 * that such a section is empty. A section the line does not carry is left to be fetched alone.
 */
function seedSections(
  client: QueryClient,
  line: EntryLine | DefinitionLine,
  specs: Record<string, SectionSpec>,
  keyOf: (name: string) => QueryKey,
  skipEmpty: boolean,
) {
  for (const [name, spec] of Object.entries(specs)) {
    let value: unknown;
    try {
      value = sectionValue(spec, line, name);
    } catch (error) {
      if (!meansNothing(spec, error)) seedError(client, keyOf(name), error);
      else if (!skipEmpty) client.setQueryData(keyOf(name), null);
      continue;
    }
    if (value !== undefined && !(skipEmpty && isEmptyValue(value))) client.setQueryData(keyOf(name), value);
  }
}

export interface Target {
  database: string;
  entryId: string;
  transcription: string | undefined;
}

/** Puts the sections of the lines into the cache, and returns the entry as it now stands. */
function applyLines(
  client: QueryClient,
  target: Target,
  entry: WholeEntry | undefined,
  lines: readonly WholeEntryLine[],
) {
  const { database, entryId, transcription } = target;
  let arrived: Set<string> | undefined;
  for (const line of lines) {
    if (line.kind === 'entry') {
      const { headword, definitions } = line;
      client.setQueryData(entryQueries.headword(database, entryId).queryKey, headword);
      client.setQueryData(entryQueries.definitionMap(database, entryId).queryKey, definitions);
      seedSections(
        client,
        line,
        ENTRY_SECTIONS,
        (name) => entryQueries.section(database, entryId, name as keyof typeof ENTRY_SECTIONS, transcription).queryKey,
        false,
      );
      const runOnsKey = entryQueries.section(database, entryId, 'run-on-entries').queryKey;
      const runOns = client.getQueryData<RunOnEntries | null>(runOnsKey) ?? null;
      // A new reading keeps the definitions an earlier one brought: they are still in the cache.
      entry = { headword, definitionMap: definitions, runOns, arrived: entry?.arrived ?? new Set(), complete: false };
      continue;
    }
    if (!entry) throw new ApiError('invalid-response', 'The server sent the parts of the entry out of order.');
    if (line.kind === 'definition') {
      seedSections(
        client,
        line,
        definitionSections,
        (name) =>
          definitionQueries.section(database, entryId, line.id, name as keyof typeof definitionSections, transcription)
            .queryKey,
        true,
      );
      arrived ??= new Set(entry.arrived);
      arrived.add(line.id);
    } else {
      entry = { ...entry, complete: true };
    }
  }
  return entry && arrived ? { ...entry, arrived } : entry;
}

/** Milliseconds of work on the lines before giving the page a turn: a long entry does not hold it up. */
const SLICE_MS = 8;

/** Lets the browser handle input and paint, then carries on (before other waiting tasks where it can). */
function yieldToPage(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve));
}

/**
 * Checks the lines (JSON texts) and puts them into the cache, a slice of time at a time, and
 * returns the entry as it then stands. The page hears of the entry's first part at once, and of
 * the rest once all the lines are in the cache: a page rendering meanwhile would start again.
 */
async function applyInSlices(
  client: QueryClient,
  target: Target,
  start: WholeEntry | undefined,
  lines: readonly string[],
): Promise<WholeEntry | undefined> {
  const { queryKey } = wholeEntryQuery(target.database, target.entryId, target.transcription);
  let entry = start;
  let next = 0;
  while (next < lines.length) {
    if (next > 0) await yieldToPage();
    const sliceEnd = performance.now() + SLICE_MS;
    notifyManager.batch(() => {
      do entry = applyLines(client, target, entry, [parseEntryLine(lines[next++]!)]);
      while (next < lines.length && performance.now() < sliceEnd);
      const first = client.getQueryData(queryKey) === undefined;
      if (entry && (first || next === lines.length)) client.setQueryData(queryKey, entry);
    });
  }
  return entry;
}

/**
 * Reads the entry to its end even when the reader leaves it (the query's signal is not used, so
 * the query is not cancelled): a long entry is a single request, and coming back finds it all.
 */
async function loadWholeEntry(client: QueryClient, queryKey: QueryKey, target: Target) {
  let entry = client.getQueryData<WholeEntry>(queryKey);
  entry = entry && { ...entry, complete: false };
  for await (const lines of readEntryLines(target.database, target.entryId, target.transcription)) {
    entry = await applyInSlices(client, target, entry, lines);
  }
  if (!entry?.complete) throw new ApiError('network', 'The connection was lost while the entry was loading.');
  return entry;
}

export const wholeEntryQuery = (database: string, entryId: string, transcription?: string) =>
  queryOptions({
    queryKey: [...entryQueries.one(database, entryId), 'whole', { transcription }],
    queryFn: ({ client, queryKey }) => loadWholeEntry(client, queryKey, { database, entryId, transcription }),
    staleTime: Infinity,
    // Shorter than the sections' (queries.ts): while the entry is in the cache, so are they.
    gcTime: 4 * 60_000,
  });

/** Puts lines read before (by the server that rendered the page) into the cache, at once. */
export function seedEntryLines(
  client: QueryClient,
  target: Target,
  lines: readonly WholeEntryLine[],
): WholeEntry | undefined {
  const { queryKey } = wholeEntryQuery(target.database, target.entryId, target.transcription);
  const entry = applyLines(client, target, client.getQueryData(queryKey), lines);
  if (entry) client.setQueryData(queryKey, entry);
  return entry;
}

/**
 * The entry as soon as its first line is in (the rest may still be arriving), fetching it if
 * need be; or the error that kept it from coming.
 */
export function ensureEntryStart(
  client: QueryClient,
  options: ReturnType<typeof wholeEntryQuery>,
): Promise<WholeEntry> {
  const cached = client.getQueryData(options.queryKey);
  if (cached) return Promise.resolve(cached);
  return new Promise((resolve, reject) => {
    const hash = hashKey(options.queryKey);
    const unsubscribe = client.getQueryCache().subscribe(({ query }) => {
      if (query.queryHash !== hash || !query.state.data) return;
      unsubscribe();
      resolve(query.state.data as WholeEntry);
    });
    client.fetchQuery(options).then(
      (entry) => {
        unsubscribe();
        resolve(entry);
      },
      (error: unknown) => {
        unsubscribe();
        const started = client.getQueryData(options.queryKey);
        if (started) resolve(started);
        else reject(error as Error);
      },
    );
  });
}
