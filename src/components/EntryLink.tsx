// A link to an entry, or to one of its definitions, that starts reading the entry as soon as the
// reader shows the intent to follow it: the pointer resting on it, the focus, or a touch.
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePrefetchEntry } from '../hooks/usePrefetchEntry';
import { definitionPath, entryPath } from '../paths';

/** A pointer that only passes over a link does not mean to follow it. */
const HOVER_INTENT_MS = 100;

interface EntryLinkProps {
  database: string;
  entryId: string;
  defId?: string;
  className?: string;
  title?: string;
  children: ReactNode;
}

export function EntryLink({ database, entryId, defId, className, title, children }: EntryLinkProps) {
  const prefetchEntry = usePrefetchEntry();
  const hover = useRef<ReturnType<typeof setTimeout>>(undefined);
  const prefetch = () => prefetchEntry(database, entryId);
  return (
    <Link
      to={defId === undefined ? entryPath(database, entryId) : definitionPath(database, entryId, defId)}
      className={className}
      title={title}
      onMouseEnter={() => (hover.current = setTimeout(prefetch, HOVER_INTENT_MS))}
      onMouseLeave={() => clearTimeout(hover.current)}
      onFocus={prefetch}
      onTouchStart={prefetch}
    >
      {children}
    </Link>
  );
}
