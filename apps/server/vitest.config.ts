import { createRequire } from 'node:module';
import { defineProject } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineProject({
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module) copies; Vite would pick the ESM one for
    // our code while Pothos and Yoga, loaded by Node, get the CJS one: two realms. Pin one.
    alias: { graphql: require.resolve('graphql') },
  },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/support/build-once.ts'],
    // The servers the tests start as child processes (`quire serve` in the startup and
    // operability tests) inherit this: their worker threads start at their first task, as the
    // in-process test servers' do (test/support/test-server.ts). With its threads started, a
    // bundled server's start costs 8.0 s of CPU instead of 4.3.
    // `test/startup/threads-at-start.test.ts` starts servers with the default.
    env: { QUIRE_THREADS_AT_START: 'false' },
    // Test files of a worker share its modules: the server's module graph (Fastify, the
    // faces, the GraphQL schema's builders) loads once per worker instead of once per file,
    // which was most of the suite's time. It holds because no test file leaves state behind:
    // each starts its own server over its own store, and restores what it fakes (Vitest
    // restores spies after each file). Workers are kept between files by the root config.
    isolate: false,
    // CI shares 2 cores between test files: generous limits, no timing assumptions. 60 s, not
    // 20: CPU-heavy tests that take 11-14 s in a full run (the Git Sync round trip, 300
    // scheduled interleavings of hostname claims, every OpenAPI example checked by Ajv) ran past
    // 20 s when other work shared the cores (fourteenth session, load 8-13).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
