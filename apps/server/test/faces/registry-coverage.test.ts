/**
 * The registry reaches every face: each operation is named by its path in the registry and
 * has a REST route, a tRPC procedure of its kind and a GraphQL field, so an operation added
 * to an area's tree cannot miss a face; the GraphQL schema is kept as a snapshot.
 */
import { flattenOperations, operations } from '@quire/domain';
import { printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildGraphqlSchema } from '../../src/faces/graphql/schema';
import { graphqlFieldName } from '../../src/faces/graphql/schema/operation-fields';
import { restRoutes } from '../../src/faces/rest/route-table';
import { appRouter } from '../../src/faces/trpc/router';

const all = flattenOperations(operations);

describe('the operation registry', () => {
  it('names every operation by its path in the registry', () => {
    for (const [path, op] of all) expect(op.name, path).toBe(path);
  });

  it('gives every operation a REST route', () => {
    const routed = new Set(restRoutes.map((route) => route.operation.name));
    const missing = all.map(([name]) => name).filter((name) => !routed.has(name));
    expect(missing).toEqual([]);
  });

  it('routes only registered operations, each path and method once', () => {
    const registered = new Set(all.map(([, op]) => op));
    for (const route of restRoutes) expect(registered.has(route.operation), route.path).toBe(true);
    const keys = restRoutes.map((route) => `${route.method} ${route.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('gives every operation a tRPC procedure of the same kind', () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    for (const [name, op] of all) {
      expect(procedures[name], name).toBeDefined();
      expect(procedures[name]?._def.type, name).toBe(op.kind);
    }
  });

  it('gives every operation a GraphQL field on Query or Mutation', () => {
    const schema = buildGraphqlSchema();
    const queries = schema.getQueryType()?.getFields() ?? {};
    const mutations = schema.getMutationType()?.getFields() ?? {};
    for (const [name, op] of all) {
      const fields = op.kind === 'query' ? queries : mutations;
      expect(fields[graphqlFieldName(name)], name).toBeDefined();
    }
  });

  it('prints the same GraphQL schema as the snapshot (update it knowingly)', async () => {
    await expect(printSchema(buildGraphqlSchema())).toMatchFileSnapshot('./__snapshots__/schema.graphql');
  });
});
