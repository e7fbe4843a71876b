/**
 * The permission matrix covers the route table: every route has at least one case, and
 * every case names a route. The routes come from the table itself, so a new route fails
 * here until its case is written, and the cases are every `*.cases.ts` file of this folder.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { restRoutes } from '../../src/faces/rest/route-table';
import { routeKey } from '../support/faces/call-faces';
import type { MatrixCase } from '../support/matrix/matrix-case';

/**
 * Every case of every `*.cases.ts` file here: read from the folder, so a new area's file is
 * covered without being listed (one export per file, an array of cases).
 */
const cases: MatrixCase[] = (
  await Promise.all(
    readdirSync(fileURLToPath(new URL('.', import.meta.url)))
      .filter((name) => name.endsWith('.cases.ts'))
      .map(async (name) => Object.values((await import(`./${name}`)) as Record<string, unknown>)),
  )
)
  .flat(2)
  .filter((value): value is MatrixCase => typeof value === 'object' && value !== null && 'route' in value);

describe('the permission matrix', () => {
  it('has a case for every route of the route table', () => {
    const covered = new Set(cases.map((matrixCase) => matrixCase.route));
    const missing = restRoutes.map(routeKey).filter((key) => !covered.has(key));
    expect(missing).toEqual([]);
  });

  it('names only routes of the route table', () => {
    const routes = new Set(restRoutes.map(routeKey));
    const unknown = cases.map((matrixCase) => matrixCase.route).filter((key) => !routes.has(key));
    expect(unknown).toEqual([]);
  });
});
