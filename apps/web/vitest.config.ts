/**
 * The web app's tests: component tests in jsdom (`test/*.test.tsx`), and end-to-end tests
 * (`test/e2e`, in Node: each file says `@vitest-environment node`) that drive the built app
 * in a real Chromium against a real server. The build is made once before any test file
 * runs, and only when the sources changed since the last one (`test/support/build-once.ts`).
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
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['test/support/setup-dom.ts'],
    globalSetup: ['test/support/build-once.ts'],
    // Each file in a fresh module graph: Testing Library's `screen` is bound to the document
    // of the file that first loaded it. The root config keeps the forks' modules from one
    // file to the next (which suits the server's tests); threads isolate by default.
    pool: 'threads',
    // One file at a time: the end-to-end files each start a server and a Chromium, and side
    // by side on 2 cores they starved each other into timeouts (15 failures in a full run,
    // none alone). The component tests take seconds, so little is lost.
    poolOptions: { threads: { singleThread: true } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
