import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

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
