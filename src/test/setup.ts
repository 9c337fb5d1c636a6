import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);

// jsdom does no layout: scrolling is a no-op there.
Element.prototype.scrollIntoView = function scrollIntoView() {};
