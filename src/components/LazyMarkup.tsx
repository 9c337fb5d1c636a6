// Markup where the app's first script must stay small (the header's search box): the Markup
// component and DOMPurify are loaded once needed, the text shown without its tags meanwhile.
import { lazy, Suspense } from 'react';
import { withoutTags } from './without-tags';

const Markup = lazy(() => import('./Markup').then(({ Markup }) => ({ default: Markup })));

/** Markup inside a link or an option: its cross-references are text. */
export function LazyMarkup({ text }: { text: string }) {
  return (
    <Suspense fallback={withoutTags(text)}>
      <Markup text={text} database={null} />
    </Suspense>
  );
}
