// Pieces shared by the lists of search results.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SearchHit } from '../../api/schemas';
import type { ParsedSearch } from '../../api/search-response';
import { LoadingLines } from '../../components/LoadingLines';
import { EntryLink } from '../../components/EntryLink';

/** A link to where a hit leads: its definition when it names one, else its entry. */
export const HitLink = ({ database, hit, children }: { database: string; hit: SearchHit; children: ReactNode }) => (
  <EntryLink database={database} entryId={hit.entryId} defId={hit.defId || undefined}>
    {children}
  </EntryLink>
);

export function ResultCount({ search, noun, none }: { search: ParsedSearch; noun: [string, string]; none: string }) {
  const { total, results, more } = search;
  const count = total.toLocaleString('en');
  return (
    <p className="result-count" aria-live="polite">
      {total === 0
        ? more
          ? `${none} The search stopped before the end: make it narrower.`
          : none
        : more
          ? `Showing the first ${results.length} of more than ${count} ${noun[1]}.`
          : total > results.length
            ? `Showing the first ${results.length} of ${count} ${noun[1]}.`
            : `${count} ${total === 1 ? noun[0] : noun[1]}`}
    </p>
  );
}

/** "Did you mean a, b or c?", each a link. */
export function DidYouMean({ options }: { options: { text: string; to: string }[] }) {
  if (options.length === 0) return null;
  return (
    <p className="suggestions">
      Did you mean{' '}
      {options.map((option, index) => (
        <span key={option.to}>
          {index > 0 && (index === options.length - 1 ? ' or ' : ', ')}
          <Link to={option.to}>{option.text}</Link>
        </span>
      ))}
      ?
    </p>
  );
}

export const ResultsSkeleton = () => <LoadingLines className="results-skeleton" widths={[14, 10, 12, 8]} />;
