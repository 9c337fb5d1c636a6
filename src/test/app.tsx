// The whole app against the real reference service (sample database), reached through MSW,
// so that a test can make single operations fail with `server.use`.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import type { FastifyInstance } from 'fastify';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { DictionaryStore } from '../../server/reference/store';
import { testServer } from '../../server/testing/openapi-conformance';
import type { WholeEntryLine } from '../api/entry-lines';
import { routes } from '../router';

let service: FastifyInstance;

/** The reference service's answer to a request of the app. */
async function answer(request: Request) {
  const url = new URL(request.url);
  const response = await service.inject({
    method: request.method as 'GET' | 'POST',
    url: url.pathname + url.search,
    payload: request.method === 'POST' ? await request.text() : undefined,
    headers: { 'content-type': request.headers.get('content-type') ?? 'application/json' },
  });
  return new HttpResponse(response.body, {
    status: response.statusCode,
    headers: { 'content-type': String(response.headers['content-type']) },
  });
}

export const server = setupServer(http.all('/api/*', ({ request }) => answer(request)));

/** The whole entry as the service answers it, with each line changed, or dropped where `change` returns undefined. */
export function changeWholeEntry(change: (line: WholeEntryLine) => WholeEntryLine | undefined) {
  server.use(
    http.get('/api/:database/entries/:entryId', async ({ request }) => {
      const lines = (await (await answer(request)).text()).split('\n').filter(Boolean);
      const changed = lines.map((line) => change(JSON.parse(line) as WholeEntryLine)).filter(Boolean);
      return new HttpResponse(changed.map((line) => `${JSON.stringify(line)}\n`).join(''), {
        headers: { 'content-type': 'application/x-ndjson' },
      });
    }),
  );
}

/** The path and query of every request the app makes from now on for the dictionary's data, in order. */
export function recordRequests(): string[] {
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    // Asked for once by the header, at a moment of its own, never for an entry.
    if (url.pathname !== '/api/databases.json') requests.push(url.pathname + url.search);
  });
  return requests;
}

/** Resolves once every request the app has made for data since this was called has been answered. */
export function answeredRequests(): () => Promise<void> {
  let open = 0;
  server.events.on('request:start', () => void open++);
  server.events.on('request:end', () => void open--);
  return () => waitFor(() => expect(open).toBe(0));
}

/** Starts the service (over the sample, or the given stores) and MSW for the tests of the calling file. */
export function startTestService(stores?: ReadonlyMap<string, DictionaryStore>) {
  beforeAll(async () => {
    service = await testServer(stores);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers();
    server.events.removeAllListeners();
  });
  afterAll(async () => {
    server.close();
    await service.close();
  });
}

/** Renders the app at a path, with a fresh QueryClient that does not retry. */
export function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes(queryClient), { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
