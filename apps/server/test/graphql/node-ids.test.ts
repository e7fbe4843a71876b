import { encodeGlobalID } from '@pothos/plugin-relay';
import { type GraphQLResolveInfo, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createBuilder } from '../../src/faces/graphql/builder';
import { buildGraphqlSchema } from '../../src/faces/graphql/schema';
import { withNodeIdsAtOnce } from '../../src/faces/graphql/schema/node-ids';

const nodeTypesOf = (schema: ReturnType<typeof buildGraphqlSchema>) =>
  Object.values(schema.getTypeMap()).filter(
    (type) => isObjectType(type) && type.getInterfaces().some((node) => node.name === 'Node'),
  );

describe("a node's id answered at once", () => {
  const schema = buildGraphqlSchema();
  const nodes = nodeTypesOf(schema);

  it('covers the schema’s nodes', () => {
    expect(nodes.length).toBeGreaterThan(2);
    expect(nodes.map((type) => type.name)).toContain('Organization');
  });

  it.each(['0VcKVFPmDb70fdJICbxN', 'é:1', 42])(
    'is the relay plugin’s global id of %j, for every node type',
    (id) => {
      for (const type of nodes) {
        if (!isObjectType(type)) continue;
        const resolve = type.getFields().id?.resolve;
        expect(resolve, type.name).toBeDefined();
        const answer = resolve?.({ id }, {}, {}, {} as GraphQLResolveInfo);
        expect(answer, type.name).toBe(encodeGlobalID(type.name, String(id)));
      }
    },
  );

  it.each(['x:y', 'é', ''])('answers what the plugin’s own resolver answers for %j', async (id) => {
    const builder = createBuilder();
    builder.queryType({});
    const ref = builder.objectRef<{ id: string }>('Probe');
    builder.node(ref, { id: { resolve: (value) => String(value.id) }, fields: () => ({}) });
    builder.queryField('probe', (t) => t.field({ type: ref, resolve: () => ({ id: 'x' }) }));
    const schema = builder.toSchema();
    const idOf = (probeSchema: typeof schema) => {
      const probe = probeSchema.getType('Probe');
      if (!isObjectType(probe)) throw new Error('no Probe type');
      return probe.getFields().id?.resolve?.({ id }, {}, {}, {} as GraphQLResolveInfo);
    };
    const theirs = await idOf(schema);
    expect(idOf(withNodeIdsAtOnce(schema))).toBe(theirs);
  });
});
