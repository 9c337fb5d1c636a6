import { QueryClient } from '@tanstack/react-query';
import { isTransient } from './api/http';

/** Dictionary data changes rarely: keep it fresh for minutes, retry only transient failures. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        retry: (failureCount, error) => isTransient(error) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
