#!/usr/bin/env node
/**
 * `pnpm build`: the workspace compiled to JavaScript by esbuild, one bundle per package.
 *
 * - Each package under packages/ becomes `packages/<name>/dist/index.js` (from its
 *   `exports["."]`); the server becomes `apps/server/dist/server.js` (`pnpm start`) and
 *   `dist/cli.js` (the `quire` launcher), split into chunks so that `quire --help` loads
 *   neither Fastify nor the store.
 * - npm dependencies stay imports: Node resolves each from the node_modules of the package
 *   that declares it, where pnpm put it. That is why each package keeps its own bundle:
 *   inlined into the server's, `mingo` would be looked up from apps/server, where pnpm's
 *   strict layout has no `mingo`.
 * - An import of a workspace package (`@quire/domain`) becomes a relative import of that
 *   package's bundle, which holds wherever the repository's layout does (a clone, a copy).
 *   Packages keep exporting their TypeScript sources for vitest, tsx and tsc.
 * - Every npm import left in a bundle must be a production dependency of its package
 *   (`dependencies`, not `devDependencies`), or the build fails: `pnpm install --prod` then
 *   `pnpm start` has to work.
 * - The build's record (build-record.mjs) is written last, after the bundles.
 *
 * Usage: node apps/server/scripts/build.mjs [--out-dir <dir>]
 * `--out-dir` (default `dist`, relative to each package) lets tests build beside the real
 * build without touching it.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';
import {
  buildStateOf,
  forgetBuildRecord,
  ROOT,
  readBuildRecord,
  recordFileOf,
  writeBuildRecord,
} from './build-record.mjs';

/** Files every bundle depends on besides its sources. */
const BUILD_FILES = [
  'apps/server/scripts/build.mjs',
  'apps/server/scripts/build-record.mjs',
  'tsconfig.base.json',
];

/**
 * The server's entry points: output name -> source. A worker thread's entry is one too: the
 * pool finds `dist/<name>.js` beside the chunk that starts it.
 */
const SERVER_ENTRIES = {
  server: 'src/main.ts',
  cli: 'src/cli/main.ts',
  'markdown-thread': 'src/worker-pools/markdown-thread.ts',
  'job-thread': 'src/worker-pools/job-thread.ts',
};

const toPosix = (path) => path.split(sep).join('/');
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** The units to bundle: every package under packages/, then the server. */
function unitsOf(outDirName) {
  const packageDirs = readdirSync(join(ROOT, 'packages'))
    .map((name) => `packages/${name}`)
    .filter((dir) => existsSync(join(ROOT, dir, 'package.json')));
  const packages = packageDirs.map((dir) => {
    const manifest = readJson(join(ROOT, dir, 'package.json'));
    return {
      dir,
      manifest,
      entryPoints: { index: join(ROOT, dir, manifest.exports['.']) },
      splitting: false,
    };
  });
  const serverManifest = readJson(join(ROOT, 'apps/server/package.json'));
  const serverEntries = Object.fromEntries(
    Object.entries(SERVER_ENTRIES).map(([name, source]) => [name, join(ROOT, 'apps/server', source)]),
  );
  const server = {
    dir: 'apps/server',
    manifest: serverManifest,
    entryPoints: serverEntries,
    splitting: true,
  };
  return [...packages, server].map((unit) => ({ ...unit, outdir: join(ROOT, unit.dir, outDirName) }));
}

/** `import '@quire/domain'` -> `import '../../../packages/domain/dist/index.js'`. */
function workspaceImports(unit, packagesByName) {
  return {
    name: 'workspace-imports',
    setup(build) {
      build.onResolve({ filter: /^@quire\// }, ({ path, importer }) => {
        const target = packagesByName.get(path);
        if (target === undefined) {
          const text = `${path} (imported by ${toPosix(relative(ROOT, importer))}) is not the main entry of a workspace package`;
          return { errors: [{ text }] };
        }
        const bundle = toPosix(relative(unit.outdir, join(target.outdir, 'index.js')));
        return { path: bundle.startsWith('.') ? bundle : `./${bundle}`, external: true };
      });
    },
  };
}

/** `@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`. */
function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The directory of the package `name` that holds `file`. */
function packageDirOf(file, name) {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && readJson(manifest).name === name) return dir;
  }
  throw new Error(`no package.json of ${name} above ${file}`);
}

const RESOLVING = Symbol('resolving');

/**
 * npm imports stay imports, written the way Node resolves them. Resolving each at build time
 * also fails the build on a missing package. A subpath of a package without "exports"
 * (`sorted-btree/extended/bulkLoad`) is a file path to Node, which adds no extension the way
 * TypeScript's bundler resolution does: it becomes the file esbuild found
 * (`sorted-btree/extended/bulkLoad.js`).
 */
function npmImports() {
  return {
    name: 'npm-imports',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async ({ path, kind, resolveDir, pluginData }) => {
        if (pluginData === RESOLVING || isBuiltin(path)) return undefined;
        const name = packageNameOf(path);
        const resolved = await build.resolve(path, { kind, resolveDir, pluginData: RESOLVING });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        if (path === name) return { path, external: true };
        const dir = packageDirOf(resolved.path, name);
        if (readJson(join(dir, 'package.json')).exports !== undefined) return { path, external: true };
        return { path: `${name}/${toPosix(relative(dir, resolved.path))}`, external: true };
      });
    },
  };
}

/** The npm imports of a unit's bundles that are not among its production dependencies. */
export function undeclaredImports(metafile, manifest) {
  const declared = new Set(
    ['dependencies', 'optionalDependencies', 'peerDependencies'].flatMap((field) =>
      Object.keys(manifest[field] ?? {}),
    ),
  );
  const undeclared = [];
  for (const [output, { imports }] of Object.entries(metafile.outputs)) {
    for (const { path, external } of imports) {
      if (!external || path.startsWith('.') || isBuiltin(path)) continue;
      if (!declared.has(packageNameOf(path))) undeclared.push({ output, specifier: path });
    }
  }
  return undeclared;
}

async function bundle(unit, packagesByName) {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: unit.entryPoints,
    outdir: unit.outdir,
    bundle: true,
    splitting: unit.splitting,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [workspaceImports(unit, packagesByName), npmImports()],
    // No `keepNames`: it wraps every named function in a `__name` call where the function is
    // made, so each closure a hot path creates cost a property definition (the markdown reader,
    // lists: 1.03 against 0.56 ms per KB). Errors are found by the names their classes set
    // (`override readonly name`, cli-error.ts), not by their constructors' names; the job and
    // markdown threads' bundles (thread-entry.ts) never kept them either.
    keepNames: false,
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  const undeclared = undeclaredImports(result.metafile, unit.manifest);
  if (undeclared.length > 0) {
    const lines = undeclared.map(
      ({ output, specifier }) =>
        `  ${output} imports "${specifier}": add it to "dependencies" of ${unit.dir}/package.json`,
    );
    throw new Error(`imports that a production install would not have:\n${lines.join('\n')}`);
  }
  return result.metafile;
}

/** Builds every unit into `<unit>/<outDirName>`; returns the record's inputs and outputs. */
export async function buildAll({ outDirName = 'dist' } = {}) {
  const recordFile = recordFileOf(outDirName);
  const previous = readBuildRecord(recordFile);
  forgetBuildRecord(recordFile);
  const units = unitsOf(outDirName);
  const packagesByName = new Map(
    units.filter((unit) => unit.dir.startsWith('packages/')).map((unit) => [unit.manifest.name, unit]),
  );
  const metafiles = await Promise.all(units.map((unit) => bundle(unit, packagesByName)));
  const inputs = new Set(BUILD_FILES);
  const outputs = new Set();
  for (const unit of units) {
    inputs.add(`${unit.dir}/package.json`);
    if (existsSync(join(ROOT, unit.dir, 'tsconfig.json'))) inputs.add(`${unit.dir}/tsconfig.json`);
  }
  for (const metafile of metafiles) {
    for (const input of Object.keys(metafile.inputs)) inputs.add(input);
    for (const output of Object.keys(metafile.outputs)) outputs.add(output);
  }
  // The pool threads' CommonJS loader, beside the chunks that start the pools.
  const threadLoader = 'apps/server/src/worker-pools/thread-loader.cjs';
  const threadLoaderOutput = `apps/server/${outDirName}/thread-loader.cjs`;
  copyFileSync(join(ROOT, threadLoader), join(ROOT, threadLoaderOutput));
  inputs.add(threadLoader);
  outputs.add(threadLoaderOutput);
  // Chunks of an earlier build that this one did not write again (their names carry hashes).
  for (const output of previous?.outputs ?? []) {
    if (!outputs.has(output)) rmSync(join(ROOT, output), { force: true });
  }
  writeBuildRecord(recordFile, { inputs, outputs });
  return { inputs: [...inputs], outputs: [...outputs], outdirs: units.map((unit) => unit.outdir) };
}

/** Builds when there is no build or the sources changed; `{built, because?}`. */
export async function ensureServerBuild() {
  const state = buildStateOf(recordFileOf());
  if (state.state === 'fresh') return { built: false };
  await buildAll();
  return { built: true, because: state.state === 'missing' ? 'no build yet' : state.because };
}

/** Ends esbuild's service process (it would otherwise outlive the build). */
export function stopBuilder() {
  return esbuild.stop();
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string', default: 'dist' } } });
  const started = performance.now();
  try {
    const { outputs } = await buildAll({ outDirName: values['out-dir'] });
    const entries = outputs.filter((output) => !output.endsWith('.map'));
    const ms = Math.round(performance.now() - started);
    process.stderr.write(`quire: built ${entries.length} files in ${ms} ms\n`);
  } catch (error) {
    process.stderr.write(`quire: build failed: ${error.message}\n`);
    process.exitCode = 1;
  } finally {
    await stopBuilder();
  }
}
