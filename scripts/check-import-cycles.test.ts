import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findImportCycles } from './check-import-cycles.mjs';

const checker = join(dirname(fileURLToPath(import.meta.url)), 'check-import-cycles.mjs');
const roots: string[] = [];

/** A repository with the given files (path -> text) in a temporary directory. */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('check-import-cycles', () => {
  it('lists a cycle of value imports as a chain of files, through a workspace package too', () => {
    const root = fixture({
      'packages/shapes/package.json': JSON.stringify({
        name: '@quire/shapes',
        exports: { '.': './src/index.ts' },
      }),
      'packages/shapes/src/index.ts': "export { circle } from './circle';\n",
      'packages/shapes/src/circle.ts':
        "import { area } from './area';\nexport const circle = () => area(1);\n",
      'packages/shapes/src/area/index.ts':
        "import { circle } from '@quire/shapes';\nexport const area = (r: number) => r * r;\nexport const unit = circle;\n",
      'packages/shapes/src/square.ts': "import { area } from './area';\nexport const square = area(2);\n",
    });

    expect(findImportCycles(root)).toEqual([
      {
        files: [
          'packages/shapes/src/area/index.ts',
          'packages/shapes/src/circle.ts',
          'packages/shapes/src/index.ts',
        ],
        cycles: [
          [
            'packages/shapes/src/area/index.ts',
            'packages/shapes/src/index.ts',
            'packages/shapes/src/circle.ts',
            'packages/shapes/src/area/index.ts',
          ],
        ],
      },
    ]);
    const run = spawnSync(process.execPath, [checker, root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'packages/shapes/src/area/index.ts\n      -> packages/shapes/src/index.ts\n      -> packages/shapes/src/circle.ts',
    );
  });

  it('ignores a back edge that imports or re-exports types only, and import()', () => {
    const root = fixture({
      'apps/server/src/server.ts': "import { route } from './route';\nexport const server = [route];\n",
      'apps/server/src/route.ts': [
        "import type { Server } from './server-types';",
        "import { type server } from './server';",
        "export type { server as Served } from './server';",
        "export { type server as AlsoServed } from './server';",
        "export const route = async (): Promise<Server> => (await import('./server')).server;",
        "export type Same = typeof server | typeof import('./server');",
        '',
      ].join('\n'),
      'apps/server/src/server-types.ts':
        "import type { server } from './server';\nexport type Server = typeof server;\n",
    });

    expect(findImportCycles(root)).toEqual([]);
    const run = spawnSync(process.execPath, [checker, root], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    // Counting every import, the same back edges close circles.
    expect(findImportCycles(root, { all: true }).map((group) => group.files)).toEqual([
      ['apps/server/src/route.ts', 'apps/server/src/server-types.ts', 'apps/server/src/server.ts'],
    ]);
  });
});
