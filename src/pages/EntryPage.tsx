// An entry: headword, etymology, usage notes, its definitions in reading order and its
// run-on entries. With a definition ID in the URL, that definition is scrolled to and highlighted.
import { useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../api/http';
import { entryQueries } from '../api/queries';
import type { DefinitionMap, RunOnEntries } from '../api/schemas';
import { BookmarkButton } from '../components/BookmarkButton';
import { Markup } from '../components/Markup';
import { SectionError } from '../components/SectionError';
import { useTranscription } from '../preferences/transcription';
import { recordVisit } from '../saved/saved';
import { DefinitionList } from './entry/DefinitionList';

interface EntryParams {
  database: string;
  entryId: string;
  defId?: string;
}

function entryParams(params: Record<string, string | undefined>): EntryParams {
  const { database, entryId, defId } = params;
  if (!database || !entryId) throw new ApiError('not-found', 'This address names no entry.', 404);
  return { database, entryId, defId };
}

/** Waits for the headword and definition map (404 means no such entry) and checks the definition exists. */
export const loader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const { database, entryId, defId } = entryParams(params);
    const [, definitionMap] = await Promise.all([
      queryClient.ensureQueryData(entryQueries.headword(database, entryId)),
      queryClient.ensureQueryData(entryQueries.definitionMap(database, entryId)),
    ]);
    if (defId !== undefined && !Object.hasOwn(definitionMap, defId)) {
      const runOns = await queryClient.ensureQueryData(entryQueries.section(database, entryId, 'run-on-entries'));
      if (!runOns?.some((runOn) => Object.hasOwn(runOn.definitions, defId))) {
        throw new ApiError('not-found', `This entry has no definition ${defId}.`, 404);
      }
    }
    return null;
  };

export default function EntryPage() {
  const { database, entryId, defId } = entryParams(useParams());
  const { data: headword } = useSuspenseQuery(entryQueries.headword(database, entryId));
  const { data: definitionMap } = useSuspenseQuery(entryQueries.definitionMap(database, entryId));
  const { sent: transcription } = useTranscription(database);
  const etymology = useQuery(entryQueries.section(database, entryId, 'etymology', transcription));
  const usageNotes = useQuery(entryQueries.section(database, entryId, 'usage-notes', transcription));
  const runOns = useQuery(entryQueries.section(database, entryId, 'run-on-entries'));
  const searchTerms = useQuery(entryQueries.section(database, entryId, 'search-terms'));
  const lastEdited = useQuery(entryQueries.section(database, entryId, 'last-edited'));
  const { number, runOnHeadword } = definitionOf(defId, definitionMap, runOns.data);
  useEffect(
    () =>
      recordVisit({ database, entryId, headword, ...(defId !== undefined && { defId, number, runOn: runOnHeadword }) }),
    [database, entryId, headword, defId, number, runOnHeadword],
  );

  return (
    <article className="entry" key={`${database}/${entryId}`}>
      <title>{`${headword} · Dictionary Reader`}</title>
      <header className="entry-header">
        <div className="headword-line">
          <h1 className="headword">{headword}</h1>
          <BookmarkButton place={{ database, entryId, headword }} label="Bookmark this entry" />
        </div>
        {searchTerms.data && searchTerms.data.length > 0 && (
          <p className="entry-forms">
            <span className="label">Forms</span> {searchTerms.data.map((term) => term.data).join(', ')}
          </p>
        )}
        {etymology.isError && (
          <SectionError what="the etymology" error={etymology.error} onRetry={() => void etymology.refetch()} />
        )}
        {etymology.data && (
          <p className="entry-etymology">
            <span className="label">Origin</span> <Markup text={etymology.data.data} database={database} />
          </p>
        )}
      </header>
      {usageNotes.isError && (
        <SectionError what="the usage notes" error={usageNotes.error} onRetry={() => void usageNotes.refetch()} />
      )}
      {usageNotes.data && usageNotes.data.length > 0 && (
        <section className="usage-notes" aria-label="Usage">
          <h2>Usage</h2>
          {usageNotes.data.map((note, index) => (
            <p key={index}>
              <Markup text={note.data} database={database} />
            </p>
          ))}
        </section>
      )}
      {Object.keys(definitionMap).length === 0 ? (
        <p className="empty">This entry has no definitions of its own.</p>
      ) : (
        <DefinitionList
          database={database}
          entryId={entryId}
          headword={headword}
          definitionMap={definitionMap}
          transcription={transcription}
          highlighted={defId}
        />
      )}
      {runOns.data?.map((runOn) => (
        <section key={runOn.headword} className="run-on" aria-label={runOn.headword}>
          <h2 className="run-on-headword">{runOn.headword}</h2>
          <DefinitionList
            database={database}
            entryId={entryId}
            headword={headword}
            definitionMap={runOn.definitions}
            transcription={transcription}
            highlighted={defId}
            runOn={runOn.headword}
          />
        </section>
      ))}
      {lastEdited.data && (
        <p className="last-edited">
          Last edited <time dateTime={lastEdited.data}>{lastEdited.data}</time>
        </p>
      )}
    </article>
  );
}

/** The number of a definition of the entry or of one of its run-on entries, and which run-on entry. */
function definitionOf(
  defId: string | undefined,
  definitionMap: DefinitionMap,
  runOns: RunOnEntries | null | undefined,
) {
  if (defId === undefined) return {};
  if (Object.hasOwn(definitionMap, defId)) return { number: definitionMap[defId] };
  const runOn = runOns?.find((item) => Object.hasOwn(item.definitions, defId));
  return { number: runOn?.definitions[defId], runOnHeadword: runOn?.headword };
}
