/**
 * The web app's end-to-end tests (`test/e2e`): the built app in a real Chromium against a
 * real server started in the test's own process. The build is made once before any file
 * runs, and only when the sources changed since the last one (`test/support/build-once.ts`).
 */
import { createRequire } from 'node:module';
import { defineProject } from 'vitest/config';

// The server starts in-process, as in the server's own tests: pin its one copy of graphql
// (see apps/server/vitest.config.ts).
const serverRequire = createRequire(new URL('../server/package.json', import.meta.url));

export default defineProject({
  resolve: { alias: { graphql: serverRequire.resolve('graphql') } },
  test: {
    name: '@quire/web-e2e',
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/support/build-once.ts'],
    pool: 'threads',
    poolOptions: {
      threads: {
        // One file at a time: each starts a server and a Chromium, and side by side on 2
        // cores they starved each other into timeouts (15 failures in a full run, none alone).
        singleThread: true,
        // Files share the thread's modules, as the server's tests do: the server's module
        // graph is evaluated once, not again for every file (about 1.5 s of CPU each, after
        // the first file's 12 s with Vite's transforms).
        // It holds for the same reason: each file starts its own server over its own store
        // and its own browser, and leaves nothing behind.
        isolate: false,
      },
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
