/**
 * For the jsdom files: Testing Library's matchers, a clean document after each test,
 * `window.scrollTo` (the router restores scroll positions; jsdom lays nothing out), and
 * waits long enough for a machine busy with the end-to-end tests beside them.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  configure({ asyncUtilTimeout: 5000 });
  window.scrollTo = () => {};
  afterEach(cleanup);
}
