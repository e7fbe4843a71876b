#!/usr/bin/env node
/**
 * `pnpm start`: the built server with NODE_ENV=production, built first when there is no
 * build or the sources changed since (build-record.mjs; about 10 ms when up to date).
 *
 * The server runs in this process, and the package scripts `exec` it: no shell stands
 * between pnpm and the server. A shell would die of the terminal's Ctrl-C itself, once the
 * server had exited 0, and pnpm would report `ELIFECYCLE Command failed`.
 *
 * On a production install (no esbuild) a stale build still starts, with a warning; a
 * missing one is an error naming the fix.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildStateOf, ROOT, recordFileOf } from './build-record.mjs';

const USAGE = `Usage: pnpm start [--out-dir <dir>]

Builds the server and the web app when the sources changed since the last build, then
starts the server (the same as \`pnpm quire serve\` on a build). Configured by environment
variables (PORT, QUIRE_DATA_DIR, MONGODB_URI, QUIRE_PUBLIC_URL, QUIRE_BOOTSTRAP_TOKEN...):
see the README's "Configuration". The other commands: pnpm quire --help.

Options:
  --out-dir <dir>  the server's build directory under apps/server (default: dist)
  -h, --help       show this help
`;

/** The command line's options; a wrong one is a line naming it and the help, never a stack. */
function optionsOf(args) {
  try {
    // `--out-dir` (as for build.mjs) lets tests start a build of their own beside the real one.
    return parseArgs({
      args,
      options: { 'out-dir': { type: 'string', default: 'dist' }, help: { type: 'boolean', short: 'h' } },
    }).values;
  } catch (error) {
    process.stderr.write(`quire: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
}

const values = optionsOf(process.argv.slice(2));
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const outDirName = values['out-dir'];

process.env.NODE_ENV = 'production';

async function loadBuilder() {
  try {
    return await import('./build.mjs');
  } catch (error) {
    // The build script itself is there: what is missing is esbuild (a dev dependency).
    if (error.code === 'ERR_MODULE_NOT_FOUND' && error.message.includes("'esbuild'")) return undefined;
    throw error;
  }
}

/** Builds when needed; false when the server cannot start (the reason is printed). */
async function ensureBuild() {
  const build = buildStateOf(recordFileOf(outDirName));
  if (build.state === 'fresh') return true;
  const builder = await loadBuilder();
  if (builder === undefined) {
    if (build.state === 'missing') {
      process.stderr.write(
        'quire: there is no build, and this install has no esbuild (a dev dependency) to make one: ' +
          'run pnpm build before pnpm install --prod, or install the dev dependencies\n',
      );
      return false;
    }
    process.stderr.write(
      `quire: warning: the build is older than the sources (${build.because}); run pnpm build\n`,
    );
    return true;
  }
  const why = build.state === 'missing' ? 'no build yet' : build.because;
  process.stderr.write(`quire: building (${why})...\n`);
  const started = performance.now();
  try {
    await builder.buildAll({ outDirName });
  } catch (error) {
    process.stderr.write(`quire: build failed: ${error.message}\n`);
    return false;
  } finally {
    await builder.stopBuilder();
  }
  process.stderr.write(`quire: built in ${Math.round(performance.now() - started)} ms\n`);
  return true;
}

/**
 * The web app's build (`apps/web/dist`, served at `/`), made when missing or stale. Only for
 * the real build: a test's `--out-dir` server serves whatever web build there is. Without
 * Vite (a production install) a missing or stale web build is a warning: the server still
 * runs, and `/` says how to build the app.
 */
async function ensureWebBuild() {
  if (outDirName !== 'dist') return;
  const { webBuildState } = await import('../../web/scripts/build-state.mjs');
  const state = webBuildState();
  if (state.state === 'fresh') return;
  let web;
  try {
    web = await import('../../web/scripts/build.mjs');
  } catch (error) {
    if (error.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    process.stderr.write(
      'quire: warning: the web app is not built and this install cannot build it: run pnpm build\n',
    );
    return;
  }
  process.stderr.write(
    `quire: building the web app (${state.state === 'missing' ? 'no build yet' : state.because})...\n`,
  );
  const started = performance.now();
  try {
    await web.buildWeb();
    process.stderr.write(`quire: built the web app in ${Math.round(performance.now() - started)} ms\n`);
  } catch (error) {
    process.stderr.write(`quire: warning: the web app build failed, / will say so: ${error.message}\n`);
  }
}

if (await ensureBuild()) {
  await ensureWebBuild();
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(join(ROOT, 'apps/server', outDirName, 'server.js')).href);
} else {
  process.exitCode = 1;
}
