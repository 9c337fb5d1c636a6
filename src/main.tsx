import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { parseEntryLine } from './api/entry-lines';
import { seedEntryLines, wholeEntryQuery } from './api/whole-entry';
import { applyTheme } from './preferences/theme';
import { createQueryClient } from './query-client';
import { readRenderedPage, type RenderedPage } from './rendered-page';
import { routes } from './router';
import './styles.css';

// Before the first render, so that a chosen theme shows from the first paint.
applyTheme();
const queryClient = createQueryClient();
const appRoutes = routes(queryClient);
const container = document.getElementById('root')!;

const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);

/** Loads the code of the routes of this URL, which the page's HTML was rendered with. */
async function loadRoutesOf(location: Location) {
  const matches = matchRoutes(appRoutes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }: { route: RouteObject }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

/**
 * Takes over the page the server rendered, with the entry's lines of what it shows; then reads
 * the rest of the entry (which the page's Link header has the browser fetch already); false if
 * it cannot.
 */
async function hydrate({ database, entryId, lines, hydration }: RenderedPage): Promise<boolean> {
  let entry;
  try {
    const parsed = lines.split('\n').filter(Boolean).map(parseEntryLine);
    entry = seedEntryLines(queryClient, { database, entryId, transcription: undefined }, parsed);
    if (!entry) return false;
    await loadRoutesOf(window.location);
  } catch {
    return false;
  }
  const router = createBrowserRouter(appRoutes, { hydrationData: hydration });
  // As a transition, taking the page over is done in slices too.
  startTransition(() => void hydrateRoot(container, app(router)));
  if (!entry.complete) void queryClient.invalidateQueries({ queryKey: wholeEntryQuery(database, entryId).queryKey });
  return true;
}

const rendered = readRenderedPage(document);
if (!rendered || !(await hydrate(rendered))) {
  const root = createRoot(container);
  // As a transition, the first render is done in slices, never holding up the page for long.
  startTransition(() => root.render(app(createBrowserRouter(appRoutes))));
}
