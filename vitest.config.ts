import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import serverProject from './apps/server/vitest.config';

/**
 * The packages' tests run in the server's project, in its workers. Each project is a group
 * of its own in Vitest's pool when files share their workers' modules (`isolate: false`):
 * a group ends before the next starts, and its workers are made anew, so each package
 * project loaded its modules again (80 s of the six packages' 124 s alone were loading)
 * and ended on one worker while the other idled. The server's workers already hold the
 * packages' modules. Each package's own `vitest.config.ts` still runs its tests alone
 * (`pnpm --filter <package> exec vitest`).
 */
const PACKAGE_TESTS = [
  '../../packages/*/test/**/*.test.ts',
  '../../packages/*/test/**/*.test.tsx',
  '../../packages/*/src/**/*.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        ...serverProject,
        test: {
          ...serverProject.test,
          name: '@quire/server',
          root: 'apps/server',
          include: [...(serverProject.test?.include ?? []), ...PACKAGE_TESTS],
        },
      },
      'apps/web',
      // The web app's end-to-end tests, beside its component tests (apps/web/vitest.config.ts).
      'apps/web/vitest.e2e.config.ts',
      // The repository's own checks (scripts/*.mjs), tested on fixtures of their own.
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], isolate: true } },
    ],
    // Workers live on from one test file to the next, so a project that does not isolate its
    // files (apps/server with the packages) loads its modules once per worker.
    poolOptions: { forks: { isolate: false } },
    // One worker more than Vitest's default (a core less than the machine has): many files
    // wait on child processes and on the disk, and on CI's 2 cores one worker left a core idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
