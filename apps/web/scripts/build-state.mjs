/**
 * Whether `apps/web/dist` is the build of the web app's sources on disk, judged as the
 * server's build is (`apps/server/scripts/build-record.mjs`: the SHA-256 of every input, the
 * list of outputs). The inputs are the app's own files and the lockfile (a dependency that
 * changed version changes the bundle); the record is written last, inside `dist/`, which Vite
 * empties when a build starts, so a build under way never looks fresh.
 *
 * Plain JavaScript with no dependency: `pnpm start` reads it on a production install too,
 * where Vite (a dev dependency) is absent.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { buildStateOf, ROOT, readBuildRecord } from '../../server/scripts/build-record.mjs';

export const WEB_DIR = join(ROOT, 'apps/web');
export const WEB_DIST = join(WEB_DIR, 'dist');
export const WEB_RECORD = join(WEB_DIST, '.build-record.json');

/** Files every build reads besides `src/` (paths relative to apps/web). */
const CONFIG_FILES = [
  'index.html',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'scripts/build.mjs',
  'scripts/build-state.mjs',
];

const toPosix = (path) => path.split(sep).join('/');

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Every input of the web build, relative to the repository's root. */
export function webBuildInputs() {
  const own = [...CONFIG_FILES.map((file) => join(WEB_DIR, file)), ...filesUnder(join(WEB_DIR, 'src'))];
  return [...own.map((path) => toPosix(relative(ROOT, path))), 'pnpm-lock.yaml'];
}

/** `{ state: 'missing' | 'stale' | 'fresh', because? }`, as `buildStateOf`. */
export function webBuildState() {
  const state = buildStateOf(WEB_RECORD);
  if (state.state !== 'fresh') return state;
  // A source added since the build is an input the record does not name.
  const recorded = new Set(Object.keys(readBuildRecord(WEB_RECORD)?.inputs ?? {}));
  const added = webBuildInputs().find((input) => !recorded.has(input));
  return added === undefined ? state : { state: 'stale', because: `${added} is new` };
}
