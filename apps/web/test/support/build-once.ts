/**
 * Vitest's global setup for the web app's tests: the end-to-end tests drive the built app,
 * so build it first, unless the build on disk is already the build of these sources (a
 * check of a few milliseconds).
 */
import { ensureWebBuild } from '../../scripts/build.mjs';

export default async function setup(): Promise<void> {
  const started = performance.now();
  const { built, because } = await ensureWebBuild();
  const ms = Math.round(performance.now() - started);
  if (built) process.stderr.write(`quire: built the web app for its tests (${because}) in ${ms} ms\n`);
}
