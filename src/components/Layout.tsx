import { useEffect, useRef, type RefObject } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation, useNavigation, useParams, useSearchParams } from 'react-router';
import { useOnline } from '../hooks/useOnline';
import { usePreferredDatabase } from '../preferences/database';
import { useAppliedTheme } from '../preferences/theme';
import { SearchForm } from './SearchForm';
import { SiteNav } from './SiteNav';

/** The attribution the licences of the embedded databases' sources ask for. */
const DATA_CREDITS: Record<string, string> = {
  wordnet:
    'Contains WordNet 3.1 © 2011 Princeton University; the CMU Pronouncing Dictionary; ' +
    'country data from world-countries (mledoze/countries, ODbL 1.0); element data from periodic-table-data (MIT).',
};

/**
 * After moving to another page, puts the focus at the start of its content, so that the keyboard
 * and screen readers carry on from there; unless the page placed it already (a deep-linked definition).
 */
function useFocusOnNavigation(main: RefObject<HTMLElement | null>) {
  const { key } = useLocation();
  const firstKey = useRef(key);
  useEffect(() => {
    if (key === firstKey.current) return;
    const focused = document.activeElement;
    if (!focused || focused === document.body) main.current?.focus({ preventScroll: true });
  }, [key, main]);
}

export function Layout() {
  const { database } = useParams();
  const [searched] = usePreferredDatabase(database);
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const online = useOnline();
  useAppliedTheme();
  // Says that the app runs, and so the page's buttons work: a page the server rendered shows them before.
  useEffect(() => void (document.documentElement.dataset.app = 'running'), []);
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  const onHome = pathname === '/';
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="brand">
          Dictionary Reader
        </Link>
        {!onHome && (
          // Keyed by the route's query so the box follows Back and Forward.
          <SearchForm
            key={`${searched}?${searchParams.get('q') ?? ''}`}
            database={searched}
            initialQuery={searchParams.get('q') ?? ''}
          />
        )}
        <SiteNav />
      </header>
      <div
        className={navigation.state === 'loading' ? 'progress active' : 'progress'}
        role="progressbar"
        aria-hidden={navigation.state !== 'loading'}
        aria-label="Loading page"
      />
      {!online && (
        <p className="offline-notice" role="status">
          You are offline. Pages you have already read still work; others will load when the connection is back.
        </p>
      )}
      <ScrollRestoration />
      <main id="main" ref={main} tabIndex={-1}>
        <Outlet />
      </main>
      {database && DATA_CREDITS[database] && <footer className="site-footer">{DATA_CREDITS[database]}</footer>}
    </>
  );
}
