import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Each test file loads its modules afresh (the root config keeps workers between files).
    isolate: true,
    // CI shares 2 cores between test files: generous limits, no timing assumptions.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
