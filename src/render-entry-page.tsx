// An entry's page rendered on the server, from the whole entry's lines, by the app's own
// routes and components: the reader sees the entry as soon as the HTML is in, before the app's
// code has loaded, and the app then takes the page over as it is (main.tsx).
import { QueryClientProvider } from '@tanstack/react-query';
import { JSDOM } from 'jsdom';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { parseEntryLine } from './api/entry-lines';
import { seedEntryLines } from './api/whole-entry';
import { sanitizeIn } from './components/Markup';
import { createQueryClient } from './query-client';
import type { RenderedPage } from './rendered-page';
import { routes } from './router';
import { FIRST_SHOWN, readingOrder } from './definition-order';

sanitizeIn(new JSDOM('').window);

export type EntryPageRendering =
  /** `whole`: the page's data is the whole entry, which the app need not read again. */
  | { kind: 'page'; html: string; headword: string; page: RenderedPage; whole: boolean }
  /** The entry has no such definition: the app's not-found page, rendered in the browser. */
  | { kind: 'not-found' };

/**
 * The page at `url` (an entry's or a definition's) from the entry's NDJSON as far as it has
 * come; undefined if that has too little to render (not even the entry's first line).
 */
export async function renderEntryPage(
  url: URL,
  { database, entryId }: { database: string; entryId: string },
  lines: string,
): Promise<EntryPageRendering | undefined> {
  const queryClient = createQueryClient();
  const target = { database, entryId, transcription: undefined };
  try {
    const texts = lines.split('\n').filter(Boolean);
    const parsed = texts.map(parseEntryLine);
    const end = parsed.at(-1)?.kind === 'end' ? parsed.pop() : undefined;
    const entry = seedEntryLines(queryClient, target, parsed);
    if (!entry) return undefined;
    // The loader runs before the entry is known to be complete, so that the page is as the app
    // renders an entry not read before: its first definitions, the others to be shown in turn.
    const handler = createStaticHandler(routes(queryClient));
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return undefined;
    if (context.errors) return { kind: 'not-found' };
    if (end) seedEntryLines(queryClient, target, [end]);
    const html = renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </QueryClientProvider>
      </StrictMode>,
    );
    const hydration = { loaderData: context.loaderData, actionData: context.actionData, errors: null };
    const { defId } = context.matches.at(-1)?.params ?? {};
    const shown = new Set([...readingOrder(entry.definitionMap, entry.runOns).slice(0, FIRST_SHOWN), defId]);
    // The app takes the page over with the lines of what it shows; it reads the others itself,
    // unless these are all there are.
    const shows = parsed.map((line, index) => index === 0 || (line.kind === 'definition' && shown.has(line.id)));
    const given = texts.filter((_, index) => shows[index] || (index === parsed.length && !shows.includes(false)));
    const page: RenderedPage = { database, entryId, lines: given.map((text) => `${text}\n`).join(''), hydration };
    return { kind: 'page', html, headword: entry.headword, page, whole: given.length === texts.length && !!end };
  } finally {
    queryClient.clear();
  }
}
