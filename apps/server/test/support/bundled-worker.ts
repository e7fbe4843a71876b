/**
 * A test's child script bundled into JavaScript, so each child the test spawns starts in
 * about a second instead of the 3 to 5 s tsx takes to load the server's sources (crash tests
 * spawn one child per cycle). Bundled as `scripts/build.mjs` bundles the server:
 *
 * - the server's own npm dependencies stay imports, resolved from the server's node_modules
 *   (so the bundle is written under `apps/server/node_modules/.cache`): piscina, inlined into
 *   an ES module, failed on the `__dirname` it finds its own thread script with, and pdfkit
 *   reads its font files beside its code; the workspace packages and their dependencies are
 *   inlined, and `require` is given back for the CommonJS ones;
 * - the worker-thread entries (`src/worker-pools/<name>.ts`) are entry points too, beside the
 *   chunks, where a pool started from built code looks for `<name>.js` (`thread-entry.ts`);
 *   the folder's package.json makes those `.js` files ES modules, as the server's does; the
 *   pools' CommonJS loader (`thread-loader.cjs`) is copied beside them, as the build copies it.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { serverDependenciesExternal } from '../../src/worker-pools/thread-entry';

const SERVER = fileURLToPath(new URL('../../', import.meta.url));
const WORKER_POOLS = join(SERVER, 'src/worker-pools');
const CACHE = join(SERVER, 'node_modules/.cache');

/** The pools' thread entries: name -> source (every `*-thread.ts` of src/worker-pools). */
function threadEntries(): Record<string, string> {
  return Object.fromEntries(
    readdirSync(WORKER_POOLS)
      .filter((file) => file.endsWith('-thread.ts'))
      .map((file) => [file.slice(0, -'.ts'.length), join(WORKER_POOLS, file)]),
  );
}

/**
 * A deep import of an npm package without its file's extension (`@node-saml/node-saml/lib/xml`,
 * which the SSO code imports) gets it, as the build's resolution gives it: Node's ES module
 * resolution refuses such a path, and the alternative, a resolve hook in the child
 * (`module.register`), put every import of the child's start through another thread.
 */
function deepImportsWithTheirExtension(): esbuild.Plugin {
  const DEEP_WITHOUT_EXTENSION = /^((?:@[^/]+\/)?[^/.@][^/]*)\/[^.]+$/;
  const manifest = JSON.parse(readFileSync(join(SERVER, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  // The server's own dependencies: the imports `serverDependenciesExternal` keeps.
  const own = new Set(Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@quire/')));
  return {
    name: 'deep-imports-with-their-extension',
    setup(build) {
      build.onResolve({ filter: DEEP_WITHOUT_EXTENSION }, (args) => {
        const name = DEEP_WITHOUT_EXTENSION.exec(args.path)?.[1];
        if (name === undefined || !own.has(name)) return undefined;
        let file: string;
        try {
          file = createRequire(join(SERVER, 'package.json')).resolve(args.path);
        } catch {
          return undefined;
        }
        const extension = /\.[cm]?js$/.exec(file)?.[0];
        if (!extension || !file.endsWith(`${args.path}${extension}`)) return undefined;
        return { path: `${args.path}${extension}`, external: true };
      });
    },
  };
}

/**
 * Bundles `entry` into a new temporary folder: answers the arguments that run it
 * (`node <bundle>`) and the folder, which the test removes.
 */
export async function bundledWorker(entry: string): Promise<{ command: string[]; dir: string }> {
  mkdirSync(CACHE, { recursive: true });
  const dir = await mkdtemp(join(CACHE, 'quire-bundled-worker-'));
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
  await esbuild.build({
    entryPoints: { worker: entry, ...threadEntries() },
    outdir: dir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [deepImportsWithTheirExtension(), serverDependenciesExternal()],
    banner: {
      js: "import { createRequire as bundledCreateRequire } from 'node:module'; const require = bundledCreateRequire(import.meta.url);",
    },
  });
  // The pools' CommonJS loader, beside the chunks, as the build puts it (thread-loader.cjs).
  copyFileSync(join(WORKER_POOLS, 'thread-loader.cjs'), join(dir, 'thread-loader.cjs'));
  return { command: [join(dir, 'worker.js')], dir };
}
