// An entry: headword, etymology, usage notes, its definitions in reading order and its
// run-on entries, all read in one request (whole-entry.ts). With a definition ID in the URL,
// that definition is scrolled to and highlighted.
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { NavigationType, useLoaderData, useNavigationType, useParams } from 'react-router';
import { entryQueries } from '../api/queries';
import type { DefinitionMap, RunOnEntries } from '../api/schemas';
import { wholeEntryQuery, type WholeEntry } from '../api/whole-entry';
import { BookmarkButton } from '../components/BookmarkButton';
import { Markup, MarkupList, markupText } from '../components/Markup';
import { FIRST_SHOWN, readingOrder } from '../definition-order';
import { useStepwiseCount } from '../hooks/useStepwiseCount';
import { SectionError } from '../components/SectionError';
import { useTranscription } from '../preferences/transcription';
import { recordVisit } from '../saved/saved';
import { DefinitionList } from './entry/DefinitionList';
import { entryParams, type EntryLoaderData } from './entry/load-entry';

export default function EntryPage() {
  const { database, entryId, defId } = entryParams(useParams());
  // Deferred: a new notation reads the entry again while the page goes on showing the current one.
  const transcription = useDeferredValue(useTranscription(database).sent);
  const whole = useSuspenseQuery(wholeEntryQuery(database, entryId, transcription));
  const { headword, definitionMap, runOns, arrived, complete } = whole.data;
  // For the title, labels and bookmarks: the headword's text, without its markup.
  const name = useMemo(() => markupText(headword), [headword]);
  // Definitions the whole entry did not bring are read section by section, as they come into view.
  const settled = complete || whole.isError;
  const shown = useShownDefinitions(whole.data, settled, defId, `${database}/${entryId}`);
  const etymology = useQuery(entryQueries.section(database, entryId, 'etymology', transcription));
  const usageNotes = useQuery(entryQueries.section(database, entryId, 'usage-notes', transcription));
  const searchTerms = useQuery(entryQueries.section(database, entryId, 'search-terms'));
  const lastEdited = useQuery(entryQueries.section(database, entryId, 'last-edited'));
  const { number, runOnHeadword } = definitionOf(defId, definitionMap, runOns);
  useEffect(
    () =>
      recordVisit({
        database,
        entryId,
        headword: name,
        ...(defId !== undefined && { defId, number, runOn: runOnHeadword }),
      }),
    [database, entryId, name, defId, number, runOnHeadword],
  );
  const listProps = { database, entryId, headword: name, transcription, arrived, settled, shown, highlighted: defId };

  return (
    <article className="entry" key={`${database}/${entryId}`}>
      <title>{`${name} · Dictionary Reader`}</title>
      <header className="entry-header">
        <div className="headword-line">
          <h1 className="headword">
            <Markup text={headword} database={database} />
          </h1>
          <BookmarkButton place={{ database, entryId, headword: name }} label="Bookmark this entry" />
        </div>
        {searchTerms.data && searchTerms.data.length > 0 && (
          <p className="entry-forms">
            <span className="label">Forms</span>{' '}
            <MarkupList texts={searchTerms.data.map((term) => term.data)} database={database} />
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
        <DefinitionList {...listProps} definitionMap={definitionMap} />
      )}
      {runOns?.map((runOn) => (
        <section key={runOn.headword} className="run-on" aria-label={markupText(runOn.headword)}>
          <h2 className="run-on-headword">
            <Markup text={runOn.headword} database={database} />
          </h2>
          <DefinitionList {...listProps} definitionMap={runOn.definitions} runOn={markupText(runOn.headword)} />
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

/** Definitions shown after each paint, once the first are. */
const SHOWN_STEP = 10;

/**
 * The definitions to show in full, in reading order as their sections arrive: all of them when
 * coming back to an entry already read (so that the page is as it was left, and its scroll
 * position with it); else the first few and the deep-linked one at once, and the others a few
 * at a time, so that a long entry does not hold up the page.
 */
function useShownDefinitions(
  { definitionMap, runOns, arrived }: WholeEntry,
  settled: boolean,
  defId: string | undefined,
  key: string,
): ReadonlySet<string> {
  const back = useNavigationType() === NavigationType.Pop;
  const { readBefore } = useLoaderData<EntryLoaderData>();
  const order = useMemo(() => readingOrder(definitionMap, runOns), [definitionMap, runOns]);
  // Those not arrived once the entry has settled are read alone, and may be shown at once.
  const ready = settled ? order.length : leadingIn(order, arrived);
  const count = useStepwiseCount(ready, back && readBefore ? order.length : FIRST_SHOWN, SHOWN_STEP, key);
  return useMemo(() => new Set([...order.slice(0, count), ...(defId ? [defId] : [])]), [order, count, defId]);
}

/** How many of the items, from the first, are in the set. */
function leadingIn(items: readonly string[], set: ReadonlySet<string>): number {
  const missing = items.findIndex((item) => !set.has(item));
  return missing === -1 ? items.length : missing;
}

/** The number of a definition of the entry or of one of its run-on entries, and which run-on entry. */
function definitionOf(defId: string | undefined, definitionMap: DefinitionMap, runOns: RunOnEntries | null) {
  if (defId === undefined) return {};
  if (Object.hasOwn(definitionMap, defId)) return { number: definitionMap[defId] };
  const runOn = runOns?.find((item) => Object.hasOwn(item.definitions, defId));
  return { number: runOn?.definitions[defId], runOnHeadword: runOn && markupText(runOn.headword) };
}
