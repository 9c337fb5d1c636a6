// A link to an entry, or to one of its definitions: it opens inside the app, and starts reading
// the entry as soon as the reader shows the intent to follow it (the pointer resting on it,
// the focus, a touch). A long entry has a thousand of these, so it is a plain anchor with its
// own click handler rather than the router's Link, whose path resolution costs more.
import { useRef, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { usePrefetchEntry } from '../hooks/usePrefetchEntry';
import { definitionPath, entryPath } from '../paths';

/** A pointer that only passes over a link does not mean to follow it. */
const HOVER_INTENT_MS = 100;

/** A click the browser should handle itself: another button, or a key asking for a new tab or window. */
const isBrowserClick = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || event.defaultPrevented;

interface EntryLinkProps {
  database: string;
  entryId: string;
  defId?: string;
  className?: string;
  title?: string;
  children: ReactNode;
}

export function EntryLink({ database, entryId, defId, className, title, children }: EntryLinkProps) {
  const navigate = useNavigate();
  const prefetchEntry = usePrefetchEntry();
  const hover = useRef<ReturnType<typeof setTimeout>>(undefined);
  const href = defId === undefined ? entryPath(database, entryId) : definitionPath(database, entryId, defId);
  const prefetch = () => prefetchEntry(database, entryId);
  return (
    <a
      href={href}
      className={className}
      title={title}
      onClick={(event) => {
        if (isBrowserClick(event)) return;
        event.preventDefault();
        void navigate(href);
      }}
      onMouseEnter={() => (hover.current = setTimeout(prefetch, HOVER_INTENT_MS))}
      onMouseLeave={() => clearTimeout(hover.current)}
      onFocus={prefetch}
      onTouchStart={prefetch}
    >
      {children}
    </a>
  );
}
