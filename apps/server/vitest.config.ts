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
    // CI shares 2 cores between test files: generous limits, no timing assumptions.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
