// Every route of the app, each page loaded lazily with its loader and error boundary.
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { LoadingLines } from './components/LoadingLines';
import { RouteError } from './components/RouteError';
import { entryLoader } from './pages/entry/load-entry';

export function routes(queryClient: QueryClient): RouteObject[] {
  // The loader is here, not in the page's lazy module, so that the entry and the page's code load at once.
  const entryPage = {
    loader: entryLoader(queryClient),
    lazy: async () => ({ Component: (await import('./pages/EntryPage')).default }),
  };
  return [
    {
      Component: Layout,
      ErrorBoundary: RouteError,
      // The first page load: the shape of a page, in grey, until the app has its data.
      HydrateFallback: () => <LoadingLines className="page-skeleton" widths={[14, 30, 26, 28, 18]} />,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            { index: true, lazy: async () => ({ Component: (await import('./pages/HomePage')).default }) },
            {
              path: ':database/search',
              lazy: async () => ({ Component: (await import('./pages/SearchPage')).default }),
            },
            { path: ':database/entries/:entryId', ...entryPage },
            { path: ':database/entries/:entryId/defs/:defId', ...entryPage },
            { path: 'saved', lazy: async () => ({ Component: (await import('./pages/SavedPage')).default }) },
            { path: '*', lazy: async () => ({ Component: (await import('./pages/NotFoundPage')).default }) },
          ],
        },
      ],
    },
  ];
}
