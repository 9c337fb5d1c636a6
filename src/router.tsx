// Every route of the app, each page loaded lazily with its loader and error boundary.
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { LoadingLines } from './components/LoadingLines';
import { RouteError } from './components/RouteError';

export function routes(queryClient: QueryClient): RouteObject[] {
  const entryPage = async () => {
    const page = await import('./pages/EntryPage');
    return { Component: page.default, loader: page.loader(queryClient) };
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
            { path: ':database/entries/:entryId', lazy: entryPage },
            { path: ':database/entries/:entryId/defs/:defId', lazy: entryPage },
            { path: 'saved', lazy: async () => ({ Component: (await import('./pages/SavedPage')).default }) },
            { path: '*', lazy: async () => ({ Component: (await import('./pages/NotFoundPage')).default }) },
          ],
        },
      ],
    },
  ];
}
