// An entry's page rendered on the server, from the whole entry's lines, by the app's own
// routes and components: the reader sees the entry as soon as the HTML is in, before the app's
// code has loaded, and the app then takes the page over as it is (main.tsx).
import { QueryClientProvider } from '@tanstack/react-query';
import { JSDOM } from 'jsdom';
import { StrictMode } from 'react';
// The browser build of React's server renderer: the Node build keeps an AsyncLocalStorage for
// its streams, which turns on async hooks for the whole process and slows every callback of
// the thousands a long entry takes through the proxy.
import { renderToString } from 'react-dom/server.browser';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { parseEntryLine, type WholeEntryLine } from './api/entry-lines';
import { seedEntryLines } from './api/whole-entry';
import { sanitizeIn } from './components/Markup';
import { createQueryClient } from './query-client';
import type { RenderedPage } from './rendered-page';
import { routes } from './router';
import { FIRST_SHOWN, readingOrder } from './definition-order';

/** What the server sanitizes for one page at most: jsdom takes 10-30 ms for 100 tags. */
const PAGE_MARKUP_LIMIT = { tags: 300, characters: 200_000 };
let markupSpent = { tags: 0, characters: 0 };

const countOf = (text: string, character: string) => {
  let count = 0;
  for (let at = text.indexOf(character); at !== -1; at = text.indexOf(character, at + 1)) count++;
  return count;
};

sanitizeIn(new JSDOM('').window, (markup) => {
  markupSpent.tags += countOf(markup, '<');
  markupSpent.characters += markup.length;
  if (markupSpent.tags > PAGE_MARKUP_LIMIT.tags || markupSpent.characters > PAGE_MARKUP_LIMIT.characters) {
    throw new Error('The page has more markup than the server sanitizes: the browser renders it.');
  }
});

export type EntryPageRendering =
  /** `whole`: the page's data is the whole entry, which the app need not read again. */
  | { kind: 'page'; html: string; page: RenderedPage; whole: boolean }
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
    const entry = seedEntryLines(queryClient, target, parsed.slice(0, 1));
    if (!entry) return undefined;
    // The loader runs before the entry is known to be complete, so that the page is as the app
    // renders an entry not read before: its first definitions, the others to be shown in turn.
    const handler = createStaticHandler(routes(queryClient));
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return undefined;
    if (context.errors) return { kind: 'not-found' };

    // Only the lines of what the page shows are needed, here and to the app taking the page over.
    const { defId } = context.matches.at(-1)?.params ?? {};
    const shown = new Set([...readingOrder(entry.definitionMap, entry.runOns).slice(0, FIRST_SHOWN), defId]);
    const shows = (line: WholeEntryLine) => line.kind === 'entry' || (line.kind === 'definition' && shown.has(line.id));
    const complete = parsed.at(-1)?.kind === 'end';
    // The app need not read the entry again when these are all it has.
    const whole = complete && parsed.every((line) => line.kind === 'end' || shows(line));
    const given = parsed.flatMap((line, index) => (shows(line) || (whole && line.kind === 'end') ? [index] : []));
    seedEntryLines(
      queryClient,
      target,
      parsed.filter((line, index) => index > 0 && (given.includes(index) || line.kind === 'end')),
    );
    markupSpent = { tags: 0, characters: 0 };
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
    const page: RenderedPage = {
      database,
      entryId,
      lines: given.map((index) => `${texts[index]}\n`).join(''),
      hydration,
    };
    return { kind: 'page', html, page, whole };
  } finally {
    queryClient.clear();
  }
}
