/**
 * Vitest's global setup for the server's tests: the command-line tests run `quire` as a
 * person does, through its launcher, which runs the build when it is the build of these
 * sources and the TypeScript sources through tsx otherwise. Through tsx each command loaded
 * the server's sources for about 5 s on CI's 2 cores (the command-line files took 155 s and
 * 78 s); built, it starts in about a second. So build first, unless the build on disk is
 * already that of these sources (a check of a few milliseconds). (The launcher's other
 * path, the sources through tsx, is what every edit-then-run of a developer takes.)
 */
import { ensureServerBuild, stopBuilder } from '../../scripts/build.mjs';

export default async function setup(): Promise<void> {
  const started = performance.now();
  try {
    const { built, because } = await ensureServerBuild();
    const ms = Math.round(performance.now() - started);
    if (built) process.stderr.write(`quire: built the server for its tests (${because}) in ${ms} ms\n`);
  } catch (error) {
    // Not a test failure: the launcher then runs the sources (slower), and the build's own
    // tests (test/production) say what is wrong with it.
    process.stderr.write(
      `quire: the server's build failed, commands run from the sources: ${String(error)}\n`,
    );
  } finally {
    await stopBuilder();
  }
}
