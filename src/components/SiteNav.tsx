// The header's controls: which database to read, the pronunciation notation, the theme, and
// the way to bookmarks and history. Choices are remembered in the browser.
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { entryQueries } from '../api/queries';
import { searchPath } from '../paths';
import { useDatabaseList, useDatabases, usePreferredDatabase } from '../preferences/database';
import { useTheme } from '../preferences/theme';
import { notationName, useTranscription } from '../preferences/transcription';

export function SiteNav() {
  const { database: fromUrl } = useParams();
  const [database, setPreferred] = usePreferredDatabase(fromUrl);
  return (
    <nav className="site-nav" aria-label="Preferences and saved pages">
      <DatabaseSwitcher database={database} setPreferred={setPreferred} />
      <NotationChoice database={database} />
      <ThemeToggle />
      <Link to="/saved">Bookmarks &amp; history</Link>
    </nav>
  );
}

/** Switching database keeps what is being looked at: the same search, or a search for the entry's headword. */
function DatabaseSwitcher({ database, setPreferred }: { database: string; setPreferred: (name: string) => void }) {
  const { database: fromUrl, entryId } = useParams();
  const offered = useDatabases();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  function choose(name: string) {
    setPreferred(name);
    if (!fromUrl || name === fromUrl) return;
    if (pathname.endsWith('/search')) return void navigate(searchPath(name, new URLSearchParams(search)));
    const headword = entryId && queryClient.getQueryData(entryQueries.headword(fromUrl, entryId).queryKey);
    void navigate(searchPath(name, headword || undefined));
  }

  if (offered.length === 0 && !fromUrl) {
    // A real service whose databases are not configured: any name can be typed.
    return (
      <label className="nav-choice">
        <span>Database</span>
        <input value={database} onChange={(event) => setPreferred(event.target.value.trim())} size={10} required />
      </label>
    );
  }
  const names = offered.includes(database) || !database ? offered : [database, ...offered];
  return (
    <label className="nav-choice">
      <span>Database</span>
      <select value={database} onChange={(event) => choose(event.target.value)}>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

function NotationChoice({ database }: { database: string }) {
  const { setChoice, offered, sent } = useTranscription(database);
  // Until the server's list is in, a disabled choice holds the place, so the page does not move.
  const loading = useDatabaseList() === undefined;
  if (offered.length === 0 && !loading) return null;
  return (
    <label className="nav-choice">
      <span>Pronunciation</span>
      <select
        className="notation-choice"
        value={sent ?? ''}
        disabled={loading}
        onChange={(event) => setChoice(event.target.value)}
      >
        <option value="">Default</option>
        {offered.map((code) => (
          <option key={code} value={code}>
            {notationName(code)}
          </option>
        ))}
      </select>
    </label>
  );
}

function ThemeToggle() {
  const { dark, setDark } = useTheme();
  return (
    <button type="button" className="theme-toggle" aria-pressed={dark} onClick={() => setDark(!dark)}>
      <span aria-hidden="true">{dark ? '☾' : '☀'}</span> Dark theme
    </button>
  );
}
