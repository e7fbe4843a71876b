#!/usr/bin/env node
/**
 * Builds the web app into `apps/web/dist` with Vite (hashed files under `dist/assets/`, which
 * the server serves as immutable), then writes the build's record (`build-state.mjs`).
 * `pnpm build` runs it after the server's build; `pnpm start` and the web app's end-to-end
 * tests run `ensureWebBuild`, which builds only when the record does not match the sources.
 *
 * Usage: node apps/web/scripts/build.mjs
 */
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'vite';
import { forgetBuildRecord, ROOT, writeBuildRecord } from '../../server/scripts/build-record.mjs';
import { WEB_DIR, WEB_DIST, WEB_RECORD, webBuildInputs, webBuildState } from './build-state.mjs';

const toPosix = (path) => path.split(sep).join('/');

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Text assets worth compressing ahead of time (the server sends `.br` or `.gz` when accepted). */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli's densest level (11) costs about 2 s of CPU per MB of script, and the app's chunks
 * add up to over 6 MB (most of it Scalar's API reference and the editor, loaded only when
 * opened): level 11 for everything was 12 s of a first start. The files `index.html` names
 * (the entry, its preloads, the stylesheet), which every visit downloads first, still get 11;
 * the chunks loaded later get 5, about 10% larger for a fortieth of the time.
 */
const FIRST_SCREEN_QUALITY = 11;
const LATER_QUALITY = 5;

/** The assets `index.html` loads itself, as absolute paths. */
function firstScreenAssets(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  return new Set([...html.matchAll(/"\/(assets\/[^"]+)"/g)].map(([, path]) => join(distDir, path)));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible asset, once, at build time. The
 * compressions run on zlib's thread pool, side by side on every core.
 */
async function precompress(distDir) {
  const firstScreen = firstScreenAssets(distDir);
  const compressions = [...filesUnder(join(distDir, 'assets'))]
    .filter((path) => COMPRESSIBLE.test(path))
    .map(async (path) => {
      const bytes = readFileSync(path);
      const quality = firstScreen.has(path) ? FIRST_SCREEN_QUALITY : LATER_QUALITY;
      const params = {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      };
      const [br, gz] = await Promise.all([brotli(bytes, { params }), gzipped(bytes, { level: 9 })]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
    });
  await Promise.all(compressions);
}

/**
 * Builds the web app and records the build. Always React's production build: Vite builds
 * for whatever `NODE_ENV` says when it is set, and the test runner sets it to `test`.
 */
export async function buildWeb() {
  forgetBuildRecord(WEB_RECORD);
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: WEB_DIR, configFile: join(WEB_DIR, 'vite.config.ts'), logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await precompress(WEB_DIST);
  const outputs = [...filesUnder(WEB_DIST)].map((path) => toPosix(relative(ROOT, path)));
  writeBuildRecord(WEB_RECORD, { inputs: webBuildInputs(), outputs });
  return { outputs };
}

/** Builds when there is no build or the sources changed; `{built, because?}`. */
export async function ensureWebBuild() {
  const state = webBuildState();
  if (state.state === 'fresh') return { built: false };
  await buildWeb();
  return { built: true, because: state.state === 'missing' ? 'no build yet' : state.because };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  try {
    const { outputs } = await buildWeb();
    const ms = Math.round(performance.now() - started);
    process.stderr.write(`quire: built the web app (${outputs.length} files) in ${ms} ms\n`);
  } catch (error) {
    process.stderr.write(`quire: web app build failed: ${error.message}\n`);
    process.exitCode = 1;
  }
}
