// Every route of the app, each page loaded lazily with its loader and error boundary.
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { PageSkeleton } from './components/PageSkeleton';
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
      HydrateFallback: PageSkeleton,
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
