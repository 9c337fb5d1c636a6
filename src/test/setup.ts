import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor wait up to 10 s, not 1: on a busy machine the app's first render alone can take a second.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom does no layout: scrolling is a no-op there.
Element.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = () => {};

// jsdom has no media queries: the system prefers the light theme.
window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }) as unknown as MediaQueryList;
