// Results of the entry-data search for the query in the URL: entries by headword, and the
// phrases run on under other entries ("run out" under run), which S1 searches as its own field.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { searchQueries } from '../api/queries';
import { SectionError } from '../components/SectionError';
import { entryPath, searchPath } from '../paths';

export default function SearchPage() {
  const { database = '' } = useParams();
  const [searchParams] = useSearchParams();
  const query = searchParams.get('q')?.trim() ?? '';
  const search = useQuery({ ...searchQueries.entries(database, { headword: query }), enabled: query !== '' });
  const phrases = useQuery({ ...searchQueries.entries(database, { 'run-on entries': query }), enabled: query !== '' });
  const phraseHits = phrases.data?.results ?? [];

  return (
    <section className="search-results" aria-labelledby="results-title">
      <title>{query ? `${query} · Search · Dictionary Reader` : 'Search · Dictionary Reader'}</title>
      <h1 id="results-title">{query ? <>Results for “{query}”</> : 'Search'}</h1>
      {query === '' && <p>Type a word in the search box above.</p>}
      {search.isLoading && <p aria-live="polite">Searching…</p>}
      {search.isError && <SectionError what="the results" error={search.error} onRetry={() => void search.refetch()} />}
      {search.data && (
        <>
          <p className="result-count" aria-live="polite">
            {search.data.total === 0
              ? `No entries in “${database}” match “${query}”.`
              : search.data.total > search.data.results.length
                ? `Showing the first ${search.data.results.length} of ${search.data.total} entries.`
                : `${search.data.total} ${search.data.total === 1 ? 'entry' : 'entries'}`}
          </p>
          {search.data.suggestions.length > 0 && phraseHits.length === 0 && (
            <p className="suggestions">
              Did you mean{' '}
              {search.data.suggestions.map((suggestion, index) => (
                <span key={suggestion.text}>
                  {index > 0 && (index === search.data.suggestions.length - 1 ? ' or ' : ', ')}
                  <Link to={searchPath(database, suggestion.text)}>{suggestion.text}</Link>
                </span>
              ))}
              ?
            </p>
          )}
          <ul className="result-list">
            {search.data.results.map((hit) => (
              <li key={`${hit.entryId}/${hit.defId ?? ''}`}>
                <Link to={entryPath(database, hit.entryId)}>{hit.headword}</Link>
                {hit.match === 'inflection' ? (
                  <span className="matched"> — “{hit.text}” is a form of this word</span>
                ) : (
                  hit.text && hit.text !== hit.headword && <span className="matched"> — matched “{hit.text}”</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {phraseHits.length > 0 && (
        <section aria-labelledby="phrases-title">
          <h2 id="phrases-title">Phrases</h2>
          <ul className="result-list">
            {phraseHits.map((hit) => (
              <li key={`${hit.entryId}/${hit.text}`}>
                <Link to={entryPath(database, hit.entryId)}>{hit.text}</Link>
                <span className="matched"> — under “{hit.headword}”</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
