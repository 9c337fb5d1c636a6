// Results of an advanced search of one operation: entries (S1) or definitions (S2) matching
// every filled field, each with the field and text it matched.
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ParsedSearch } from '../../api/search-response';
import { Markup } from '../../components/Markup';
import { SectionError } from '../../components/SectionError';
import { searchPath } from '../../paths';
import { fieldLabel, type SearchFieldSpec } from '../../search-fields';
import { DidYouMean, HitLink, ResultCount, ResultsSkeleton } from './parts';

interface FieldResultsProps<K extends QueryKey> {
  database: string;
  title: string;
  noun: [string, string];
  options: UseQueryOptions<ParsedSearch, Error, ParsedSearch, K>;
  specs: SearchFieldSpec<string>[];
}

export function FieldResults<K extends QueryKey>({ database, title, noun, options, specs }: FieldResultsProps<K>) {
  const search = useQuery(options);
  const [params] = useSearchParams();
  const titleId = `${noun[1]}-results-title`;

  /** The same search with one field's text replaced by a suggested spelling. */
  function withSpelling(field: string, text: string) {
    const next = new URLSearchParams(params);
    const param = specs.find((spec) => spec.field === field)?.param;
    if (param) next.set(param, text);
    return searchPath(database, next);
  }

  return (
    <section aria-labelledby={titleId} className="field-results">
      <h2 id={titleId}>{title}</h2>
      {search.isPending && <ResultsSkeleton />}
      {search.isError && (
        <SectionError what={`the ${noun[1]}`} error={search.error} onRetry={() => void search.refetch()} />
      )}
      {search.data && (
        <>
          <ResultCount search={search.data} noun={noun} none={`No ${noun[1]} match all of these fields.`} />
          <DidYouMean
            options={search.data.suggestions.map(({ field, text }) => ({ text, to: withSpelling(field, text) }))}
          />
          <ul className="result-list">
            {search.data.results.map((hit) => (
              <li key={`${hit.entryId}/${hit.defId ?? ''}/${hit.field}`}>
                <HitLink database={database} hit={hit}>
                  <Markup text={hit.headword} database={null} />
                  {hit.number && ` ${hit.number}`}
                </HitLink>
                {hit.text && (
                  <span className="matched">
                    {' '}
                    — {fieldLabel(hit.field).toLowerCase()} “<Markup text={hit.text} database={database} />”
                    {hit.match === 'inflection' && ' (a form of the word)'}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
