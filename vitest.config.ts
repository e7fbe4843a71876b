import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/*',
      // The web app's end-to-end tests, beside its component tests (apps/web/vitest.config.ts).
      'apps/web/vitest.e2e.config.ts',
      // The repository's own checks (scripts/*.mjs), tested on fixtures of their own.
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], isolate: true } },
    ],
    // Workers live on from one test file to the next, so a project that does not isolate its
    // files (apps/server, the packages) loads its modules once per worker.
    poolOptions: { forks: { isolate: false } },
    // One worker more than Vitest's default (a core less than the machine has): many files
    // wait on child processes and on the disk, and on CI's 2 cores one worker left a core idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
