// Search results for the URL: the search box's query (`q`), or an advanced search of any
// fields of the entry search (S1) and the definition search (S2).
import { useParams, useSearchParams } from 'react-router';
import { searchQueries } from '../api/queries';
import { DEFINITION_FIELDS, ENTRY_FIELDS, fieldsInUrl } from '../search-fields';
import { AdvancedSearchForm } from './search/AdvancedSearchForm';
import { FieldResults } from './search/FieldResults';
import { QuickResults } from './search/QuickResults';

export default function SearchPage() {
  const { database = '' } = useParams();
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const entryFields = fieldsInUrl(params, ENTRY_FIELDS);
  const definitionFields = fieldsInUrl(params, DEFINITION_FIELDS);
  const advanced = entryFields !== undefined || definitionFields !== undefined;
  const title = query ? `Results for “${query}”` : advanced ? 'Advanced search results' : 'Search';

  return (
    <section className="search-results" aria-labelledby="results-title">
      <title>{`${query || title} · Search · Dictionary Reader`}</title>
      <h1 id="results-title">{title}</h1>
      {!query && !advanced && <p>Type a word in the search box above, or search by any field below.</p>}
      {query && <QuickResults database={database} query={query} />}
      {entryFields && (
        <FieldResults
          database={database}
          title="Entries"
          noun={['entry', 'entries']}
          options={searchQueries.entries(database, entryFields)}
          specs={ENTRY_FIELDS}
        />
      )}
      {definitionFields && (
        <FieldResults
          database={database}
          title="Definitions"
          noun={['definition', 'definitions']}
          options={searchQueries.definitions(database, definitionFields)}
          specs={DEFINITION_FIELDS}
        />
      )}
      <AdvancedSearchForm key={params.toString()} database={database} params={params} open={!query} />
    </section>
  );
}
