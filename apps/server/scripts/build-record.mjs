/**
 * The record of a build (`apps/server/dist/build-record.json`), and whether that build is
 * still the build of the sources on disk: `pnpm start` rebuilds when it is not, and the
 * `quire` launcher runs the TypeScript sources instead.
 *
 * Staleness is judged by content, not by dates: the record names every file the build read
 * (each source esbuild bundled, the package.json and tsconfig files, the build script) with
 * its SHA-256, and every file it wrote. A build is fresh when each input still hashes the same
 * and each output exists. Dates would call a copied tree stale (new dates, same contents:
 * and a production install has no esbuild to rebuild with) and would miss a file put back
 * with an older date. Hashing the ~300 inputs costs a few milliseconds.
 *
 * Plain JavaScript with no dependency: the launcher reads it before anything is compiled.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: paths in a record are relative to it, with `/` separators. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Where the build of `outDirName` (`dist` unless a test builds elsewhere) keeps its record. */
export function recordFileOf(outDirName = 'dist') {
  return join(ROOT, 'apps/server', outDirName, 'build-record.json');
}

/** SHA-256 of a file's content, or undefined when it does not exist. */
export function hashOf(path) {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex');
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The record, or undefined when there is none (never built, or a build under way). */
export function readBuildRecord(recordFile) {
  try {
    return JSON.parse(readFileSync(recordFile, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * `{ state: 'missing' }` (no build), `{ state: 'stale', because }` (an input changed or an
 * output is gone; `because` names the first such file) or `{ state: 'fresh' }`.
 */
export function buildStateOf(recordFile) {
  const record = readBuildRecord(recordFile);
  if (record === undefined) return { state: 'missing' };
  for (const [path, hash] of Object.entries(record.inputs)) {
    if (hashOf(join(ROOT, path)) !== hash) return { state: 'stale', because: `${path} changed` };
  }
  for (const path of record.outputs) {
    if (!existsSync(join(ROOT, path))) return { state: 'stale', because: `${path} is missing` };
  }
  return { state: 'fresh' };
}

/** Removes the record first, so that a build under way never looks fresh. */
export function forgetBuildRecord(recordFile) {
  rmSync(recordFile, { force: true });
}

/** Writes the record in one step (write, then rename): a reader sees all of it or none. */
export function writeBuildRecord(recordFile, { inputs, outputs }) {
  const record = {
    inputs: Object.fromEntries([...inputs].sort().map((path) => [path, hashOf(join(ROOT, path))])),
    outputs: [...outputs].sort(),
  };
  const partial = `${recordFile}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(partial, recordFile);
}
