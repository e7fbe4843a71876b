/**
 * The web app's component tests, in jsdom (`test/*.test.{ts,tsx}`). The end-to-end tests
 * (`test/e2e`) are a project of their own (`vitest.e2e.config.ts`): they share one module
 * graph from file to file, which these cannot.
 */
import { createRequire } from 'node:module';
import { defineProject } from 'vitest/config';

// The end-to-end tests start the server in-process, as the server's own tests do: pin its
// one copy of graphql (see apps/server/vitest.config.ts).
const serverRequire = createRequire(new URL('../server/package.json', import.meta.url));

// No React plugin here: the test runner's own Vite (7, Vitest 3's) compiles JSX from
// tsconfig's "jsx": "react-jsx". The plugin belongs to the app's build (Vite 8): given to
// Vite 7 it would hand over only options Vite 7 ignores, in a type it does not accept.
export default defineProject({
  resolve: { alias: { graphql: serverRequire.resolve('graphql') } },
  test: {
    include: ['test/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['test/support/setup-dom.ts'],
    // Each file in a fresh module graph: Testing Library's `screen` is bound to the document
    // of the file that first loaded it. The root config keeps the forks' modules from one
    // file to the next (which suits the server's tests); threads isolate by default.
    pool: 'threads',
    // One file at a time, in the thread that runs the end-to-end files before or after them
    // (see vitest.e2e.config.ts): the component tests take seconds, so little is lost.
    poolOptions: { threads: { singleThread: true } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
