/**
 * A test's child script bundled into one JavaScript file, so each child the test spawns
 * starts in about a second instead of the 3 to 5 s tsx takes to load the server's sources
 * (crash tests spawn one child per cycle). The bundle inlines the workspace and its npm
 * dependencies; `require` is given back for the CommonJS ones.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

/**
 * Bundles `entry` into a new temporary folder: answers the arguments that run it
 * (`node <bundle>`) and the folder, which the test removes.
 */
export async function bundledWorker(entry: string): Promise<{ command: string[]; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-bundled-worker-'));
  const outfile = join(dir, 'worker.mjs');
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    banner: {
      js: "import { createRequire as bundledCreateRequire } from 'node:module'; const require = bundledCreateRequire(import.meta.url);",
    },
  });
  return { command: [outfile], dir };
}
