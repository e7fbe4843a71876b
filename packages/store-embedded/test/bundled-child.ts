/**
 * A test's child script (a crash test's writer, a lock holder) bundled into one ES module by
 * esbuild, so that each child the test spawns starts from JavaScript: through `--import tsx`
 * a writer of the crash test took 1.45 s of CPU to open its store, bundled 0.32 s (tsx's
 * hooks resolve and load every module of the store's sources one by one). The child runs the
 * same sources, compiled the same way (esbuild, as tsx does).
 *
 * The script and the workspace's sources are inlined; npm packages are not: their imports
 * are rewritten to the file each resolves to from the source that imports it, so the bundle
 * runs from a temporary folder and still loads the very package files `tsx` would have.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

export interface BundledChild {
  /** The bundle: `node <file> ...arguments`. */
  file: string;
  /** Removes the bundle's folder. */
  remove(): Promise<void>;
}

export async function bundledChild(entry: string): Promise<BundledChild> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-test-child-'));
  const file = join(dir, 'child.mjs');
  await esbuild.build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [npmPackagesInPlace()],
    // Inlined CommonJS code calls `require`.
    banner: {
      js: "import { createRequire as bundledCreateRequire } from 'node:module'; const require = bundledCreateRequire(import.meta.url);",
    },
  });
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Imports of npm packages stay imports, of the file each resolves to; `@quire/*` is inlined. */
function npmPackagesInPlace(): esbuild.Plugin {
  const RESOLVING = Symbol('resolving');
  return {
    name: 'npm-packages-in-place',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === RESOLVING || args.path.startsWith('@quire/')) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: RESOLVING,
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        // Node's own modules (`node:fs`, `fs`) are external already.
        if (resolved.external) return { path: args.path, external: true };
        return { path: pathToFileURL(resolved.path).href, external: true };
      });
    },
  };
}
