// The search box's results: entries by headword (or one of its inflected forms), and the
// phrases run on under other entries ("run out" under run), which S1 searches as its own field.
import { useQuery } from '@tanstack/react-query';
import { EntryLink } from '../../components/EntryLink';
import { searchQueries } from '../../api/queries';
import { SectionError } from '../../components/SectionError';
import { searchPath } from '../../paths';
import { DidYouMean, HitLink, ResultCount, ResultsSkeleton } from './parts';
import { Markup } from '../../components/Markup';

export function QuickResults({ database, query }: { database: string; query: string }) {
  const search = useQuery(searchQueries.entries(database, { headword: query }));
  const phrases = useQuery(searchQueries.entries(database, { 'run-on entries': query }));
  const phraseHits = phrases.data?.results ?? [];

  return (
    <>
      {search.isPending && <ResultsSkeleton />}
      {search.isError && <SectionError what="the results" error={search.error} onRetry={() => void search.refetch()} />}
      {search.data && (
        <>
          <ResultCount
            search={search.data}
            noun={['entry', 'entries']}
            none={`No entries in “${database}” match “${query}”.`}
          />
          {phraseHits.length === 0 && (
            <DidYouMean
              options={search.data.suggestions.map(({ text }) => ({ text, to: searchPath(database, text) }))}
            />
          )}
          <ul className="result-list">
            {search.data.results.map((hit) => (
              <li key={`${hit.entryId}/${hit.defId ?? ''}`}>
                <EntryLink database={database} entryId={hit.entryId}>
                  <Markup text={hit.headword} database={null} />
                </EntryLink>
                {hit.match === 'inflection' ? (
                  <span className="matched">
                    {' '}
                    — “<Markup text={hit.text} database={null} />” is a form of this word
                  </span>
                ) : (
                  hit.text &&
                  hit.text !== hit.headword && (
                    <span className="matched">
                      {' '}
                      — matched “<Markup text={hit.text} database={null} />”
                    </span>
                  )
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {phrases.isError && (
        <SectionError what="the phrases" error={phrases.error} onRetry={() => void phrases.refetch()} />
      )}
      {phraseHits.length > 0 && (
        <section aria-labelledby="phrases-title">
          <h2 id="phrases-title">Phrases</h2>
          <ul className="result-list">
            {phraseHits.map((hit) => (
              <li key={`${hit.entryId}/${hit.text}`}>
                <HitLink database={database} hit={hit}>
                  <Markup text={hit.text} database={null} />
                </HitLink>
                <span className="matched">
                  {' '}
                  — under “<Markup text={hit.headword} database={null} />”
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
