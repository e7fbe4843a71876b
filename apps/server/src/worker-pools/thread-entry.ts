/**
 * The file a pool's threads run for the entry `name` (`src/worker-pools/<name>.ts`):
 *
 * - from the build, `dist/<name>.js`, which `scripts/build.mjs` writes beside the server's
 *   bundles (the chunks that hold this module sit in `dist/` too);
 * - from the sources (tests, `pnpm dev`), the entry bundled by esbuild (split, as the build
 *   is: a task kind's code loads when a thread first runs that kind). A thread cannot load
 *   TypeScript by itself, and tsx's hooks in a thread took 12 s to load what the bundle
 *   loads in 3. The server's own npm dependencies stay imports, as in the build (pdfkit reads
 *   its font files beside its own code); the workspace packages and their dependencies are
 *   inlined. So the bundle is kept where the server's dependencies resolve (its
 *   `node_modules/.cache`), for the next process too, with the SHA-256 of every source it read
 *   (of the lockfile for the npm packages): a process reuses it while they all hash the same
 *   (a few milliseconds), and bundles again (about a second) once one changed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A development dependency, loaded only from the sources; named apart so the build does not follow it. */
const BUNDLER: string = 'esbuild';

const SERVER = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = join(SERVER, 'node_modules/.cache/quire-thread-bundles');

interface BundleRecord {
  /** The bundle's entry file. */
  entry: string;
  /** Absolute path -> SHA-256 of every file the bundle read. */
  inputs: Record<string, string>;
}

const bundles = new Map<string, Promise<string>>();

export function threadEntryOf(name: string): Promise<string> {
  if (!import.meta.url.endsWith('.ts'))
    return Promise.resolve(fileURLToPath(new URL(`./${name}.js`, import.meta.url)));
  let bundle = bundles.get(name);
  if (!bundle) {
    bundle = keptBundleOf(name) ?? bundleOf(name);
    bundles.set(name, bundle);
  }
  return bundle;
}

const recordFileOf = (name: string) => join(CACHE, `${name}.json`);

function hashOf(path: string): string | undefined {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex');
  } catch {
    return undefined;
  }
}

/** The kept bundle, when every source it read is unchanged. */
function keptBundleOf(name: string): Promise<string> | undefined {
  let record: BundleRecord;
  try {
    record = JSON.parse(readFileSync(recordFileOf(name), 'utf8')) as BundleRecord;
  } catch {
    return undefined;
  }
  if (!existsSync(record.entry)) return undefined;
  for (const [path, hash] of Object.entries(record.inputs)) if (hashOf(path) !== hash) return undefined;
  return Promise.resolve(record.entry);
}

async function bundleOf(name: string): Promise<string> {
  const esbuild: typeof import('esbuild') = await import(BUNDLER);
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  const dir = join(CACHE, `${name}-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { [name]: fileURLToPath(new URL(`./${name}.ts`, import.meta.url)) },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    metafile: true,
    plugins: [serverDependenciesExternal()],
    // The CommonJS dependencies inlined in the bundle call `require`.
    banner: {
      js: "import { createRequire as bundledCreateRequire } from 'node:module'; const require = bundledCreateRequire(import.meta.url);",
    },
  });
  const entry = join(dir, `${name}.mjs`);
  const inputs: Record<string, string> = {};
  const sources = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'));
  for (const path of [...sources, 'pnpm-lock.yaml'].map((input) => resolve(root, input)))
    inputs[path] = hashOf(path) ?? '';
  const record: BundleRecord = { entry, inputs };
  const temporary = `${recordFileOf(name)}.${randomUUID()}`;
  writeFileSync(temporary, JSON.stringify(record));
  renameSync(temporary, recordFileOf(name));
  return entry;
}

/**
 * The server package's own npm dependencies stay imports (resolved from the bundle's folder),
 * as in the build; the crash tests' bundled worker uses it too.
 */
export function serverDependenciesExternal(): import('esbuild').Plugin {
  const manifest = JSON.parse(readFileSync(join(SERVER, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const own = new Set(Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@quire/')));
  const packageOf = (specifier: string) =>
    specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
  return {
    name: 'server-dependencies-external',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
        own.has(packageOf(path)) ? { path, external: true } : undefined,
      );
    },
  };
}
