import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { databasesQuery } from '../api/queries';
import { searchPath } from '../paths';

interface SearchFormProps {
  /** The database searched; when absent the form offers a choice of databases. */
  database?: string;
  initialQuery?: string;
  autoFocus?: boolean;
}

/** Whether a key pressed in `target` is typing, which a shortcut must leave alone. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** `/` anywhere outside a text field moves to the search box, as on many reference sites. */
function useSlashToFocus(input: React.RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [input]);
}

export function SearchForm({ database, initialQuery = '', autoFocus = false }: SearchFormProps) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  useSlashToFocus(input);
  const [query, setQuery] = useState(initialQuery);
  const databases = useQuery({ ...databasesQuery(), enabled: database === undefined });
  const [chosen, setChosen] = useState<string>();
  const target = database ?? chosen ?? databases.data?.[0] ?? 'sample';

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = query.trim();
    if (text && target.trim()) void navigate(searchPath(target.trim(), text));
  }

  return (
    <form role="search" className="search-form" onSubmit={submit}>
      {database === undefined && (
        <label className="database-choice">
          <span>Database</span>
          <input
            list="databases"
            value={target}
            onChange={(event) => setChosen(event.target.value)}
            required
            size={10}
            autoComplete="off"
          />
          <datalist id="databases">
            {databases.data?.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </label>
      )}
      <label className="search-input">
        <span className="visually-hidden">Search {database ? `in ${database}` : 'the dictionary'}</span>
        <input
          ref={input}
          type="search"
          name="q"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Look up a word"
          aria-keyshortcuts="/"
          autoFocus={autoFocus}
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      <button type="submit">Search</button>
    </form>
  );
}
