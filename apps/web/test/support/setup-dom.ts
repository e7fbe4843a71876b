/**
 * For the jsdom files: Testing Library's matchers, a clean document after each test,
 * `window.scrollTo` (the router restores scroll positions; jsdom lays nothing out), and
 * waits long enough for a machine busy with the end-to-end tests beside them.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  // A file's first screen loads its lazy modules through Vite's transform: over 5 s once in a
  // full run on 2 busy cores (editor-toolbar.test.tsx). Only a failing wait pays the bound.
  configure({ asyncUtilTimeout: 15_000 });
  window.scrollTo = () => {};
  afterEach(cleanup);
}
