#!/usr/bin/env node
/**
 * Launcher of the `quire` command line.
 *
 * - The build is that of the sources (`pnpm build`, or `pnpm start` made it): run the built
 *   CLI, `dist/cli.js`, which starts in a fraction of a second.
 * - No build, or the sources changed since: run the TypeScript sources through tsx
 *   (development; slower to start), so the command always does what the sources say. The
 *   launcher never builds: tests run it side by side, and concurrent builds would collide.
 * - A production install (no tsx) with a stale build: run the build, with a warning.
 */
import { buildStateOf, recordFileOf } from '../scripts/build-record.mjs';

const build = buildStateOf(recordFileOf());

async function loadTsx() {
  try {
    return await import('tsx/esm/api');
  } catch (error) {
    // A production install has no tsx (a dev dependency).
    if (error.code === 'ERR_MODULE_NOT_FOUND' && error.message.includes("'tsx'")) return undefined;
    throw error;
  }
}

async function runBuild() {
  process.env.NODE_ENV ??= 'production';
  process.setSourceMapsEnabled(true);
  await import('../dist/cli.js');
}

if (build.state === 'fresh') {
  await runBuild();
} else {
  const tsx = await loadTsx();
  if (tsx !== undefined) {
    tsx.register();
    await import('../src/cli/main');
  } else if (build.state === 'stale') {
    process.stderr.write(
      `quire: warning: the build is older than the sources (${build.because}); run pnpm build\n`,
    );
    await runBuild();
  } else {
    process.stderr.write('quire: there is no build: run pnpm build first\n');
    process.exitCode = 1;
  }
}
