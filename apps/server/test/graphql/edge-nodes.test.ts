import { isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildGraphqlSchema } from '../../src/faces/graphql/schema';

describe("a connection's edges read their node inline", () => {
  const schema = buildGraphqlSchema();
  const edges = Object.values(schema.getTypeMap()).filter(
    (type) => isObjectType(type) && type.name.endsWith('ConnectionEdge'),
  );

  it('leaves every edge type without a node resolver, its cursor read inline too', () => {
    expect(edges.length).toBeGreaterThan(10);
    for (const type of edges) {
      if (!isObjectType(type)) continue;
      expect(Object.keys(type.getFields()).sort(), type.name).toEqual(['cursor', 'node']);
      expect(type.getFields().node?.resolve, type.name).toBeUndefined();
      expect(type.getFields().cursor?.resolve, type.name).toBeUndefined();
    }
  });
});
