import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Test files of a worker share its modules (the root config keeps workers between files):
    // isolating each file cost a new worker process and a reload of the modules per file, a
    // quarter of the CPU time of the domain's and persistence's tests. It holds because no test
    // file leaves state behind: no module mocks, and what a file patches (a spy,
    // Array.prototype) it restores.
    isolate: false,
    // CI shares 2 cores between test files: generous limits, no timing assumptions.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
