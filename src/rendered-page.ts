// An entry's page as the server rendered it: the HTML inside #root, and beside it, in a JSON
// block (data, never run, so the CSP allows it), what the app needs to take that HTML over
// as its own: the entry's lines of what the HTML shows, and the router's loader data.
import type { HydrationState } from 'react-router';

export const RENDERED_PAGE_ID = 'rendered-page';

export interface RenderedPage {
  database: string;
  entryId: string;
  /** The lines (NDJSON) of the whole entry that have what the page shows: the entry's, and its shown definitions'. */
  lines: string;
  hydration: HydrationState;
}

/** The block for the HTML: `<` escaped, so that no text in it can close the script element. */
export const renderedPageScript = (page: RenderedPage) =>
  `<script type="application/json" id="${RENDERED_PAGE_ID}">${JSON.stringify(page).replace(/</g, '\\u003c')}</script>`;

/** The page's block, if the server rendered the page and the block is what it should be. */
export function readRenderedPage(document: Document): RenderedPage | undefined {
  const text = document.getElementById(RENDERED_PAGE_ID)?.textContent;
  if (!text) return undefined;
  try {
    const page = JSON.parse(text) as Partial<RenderedPage> | null;
    const valid =
      typeof page?.database === 'string' &&
      typeof page.entryId === 'string' &&
      typeof page.lines === 'string' &&
      typeof page.hydration === 'object';
    return valid ? (page as RenderedPage) : undefined;
  } catch {
    return undefined;
  }
}
