// The search box: an ARIA combobox offering entries as you type (from the entry search),
// chosen with the arrow keys and Enter or by clicking; Enter alone opens the results page.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { searchQueries } from '../api/queries';
import { useDebounced } from '../hooks/useDebounced';
import { usePrefetchEntry } from '../hooks/usePrefetchEntry';
import { entryPath, searchPath } from '../paths';
import { LazyMarkup } from './LazyMarkup';

interface SearchFormProps {
  database: string;
  initialQuery?: string;
  autoFocus?: boolean;
}

const SUGGESTION_DELAY_MS = 150;
const MAX_OPTIONS = 8;

type Option = { kind: 'entry'; entryId: string; headword: string; form?: string } | { kind: 'spelling'; text: string };

/** Whether a key pressed in `target` is typing, which a shortcut must leave alone. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** `/` anywhere outside a text field moves to the search box, as on many reference sites. */
function useSlashToFocus(input: React.RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [input]);
}

/** Entries matching the text, one option each; close spellings when none does. */
function useOptions(database: string, text: string): Option[] {
  const search = useQuery({
    ...searchQueries.entries(database, { headword: text }),
    enabled: text !== '' && database !== '',
    placeholderData: keepPreviousData,
  });
  if (text === '' || !search.data) return [];
  const seen = new Set<string>();
  const entries: Option[] = [];
  for (const hit of search.data.results) {
    if (seen.has(hit.entryId) || entries.length === MAX_OPTIONS) continue;
    seen.add(hit.entryId);
    entries.push({
      kind: 'entry',
      entryId: hit.entryId,
      headword: hit.headword,
      form: hit.match === 'inflection' ? hit.text : undefined,
    });
  }
  if (entries.length > 0) return entries;
  return search.data.suggestions
    .slice(0, MAX_OPTIONS)
    .map((suggestion) => ({ kind: 'spelling', text: suggestion.text }));
}

export function SearchForm({ database, initialQuery = '', autoFocus = false }: SearchFormProps) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  useSlashToFocus(input);
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useDebounced(query.trim(), SUGGESTION_DELAY_MS);
  const options = useOptions(database, open ? typed : '');
  const expanded = open && options.length > 0;
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const prefetchEntry = usePrefetchEntry();
  const prefetch = (option: Option | undefined) => {
    if (option?.kind === 'entry') prefetchEntry(database, option.entryId);
  };
  const chosen = expanded ? options[active] : undefined;
  const chosenEntry = chosen?.kind === 'entry' ? chosen.entryId : undefined;
  // An option chosen with the arrow keys is likely to be opened next.
  useEffect(() => {
    if (chosenEntry) prefetchEntry(database, chosenEntry);
  }, [chosenEntry, database, prefetchEntry]);

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function choose(option: Option) {
    close();
    void navigate(option.kind === 'entry' ? entryPath(database, option.entryId) : searchPath(database, option.text));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = query.trim();
    close();
    if (text && database) void navigate(searchPath(database, text));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current === -1 && step === -1 ? count - 1 : (current + step + count) % count));
    } else if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape') {
      if (expanded) close();
      else setQuery('');
    }
  }

  return (
    <form role="search" className="search-form" onSubmit={submit}>
      <div className="search-input">
        <label htmlFor={`${listboxId}-input`} className="visually-hidden">
          Search {database ? `in ${database}` : 'the dictionary'}
        </label>
        <input
          id={`${listboxId}-input`}
          ref={input}
          type="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-keyshortcuts="/"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          placeholder="Look up a word"
          autoFocus={autoFocus}
          autoComplete="off"
          spellCheck={false}
        />
        <ul id={listboxId} role="listbox" aria-label="Suggestions" className="suggestion-list" hidden={!expanded}>
          {expanded &&
            options.map((option, index) => (
              <li
                key={option.kind === 'entry' ? option.entryId : option.text}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Keeps the focus in the box, so that the click still chooses the option.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => prefetch(option)}
                onTouchStart={() => prefetch(option)}
                onClick={() => choose(option)}
              >
                {option.kind === 'entry' ? (
                  <>
                    <span className="option-headword">
                      <LazyMarkup text={option.headword} />
                    </span>
                    {option.form && (
                      <>
                        {' '}
                        <span className="option-note">
                          — “<LazyMarkup text={option.form} />” is a form of it
                        </span>
                      </>
                    )}
                  </>
                ) : (
                  <>
                    <span className="option-note">Did you mean</span>{' '}
                    <span className="option-headword">
                      <LazyMarkup text={option.text} />
                    </span>
                    ?
                  </>
                )}
              </li>
            ))}
        </ul>
        <span role="status" className="visually-hidden">
          {expanded ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}` : ''}
        </span>
      </div>
      <button type="submit">Search</button>
    </form>
  );
}
