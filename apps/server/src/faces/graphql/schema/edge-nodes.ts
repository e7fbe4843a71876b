/**
 * A connection's edges read their `node` inline. The relay plugin gives each edge type's
 * `node` the resolver `(edge) => edge.node`, which graphql-jit calls, with a resolve info,
 * once per edge (100 on a page of members); without a resolver it reads the same property
 * itself. An edge is an `Edge` of `connections.ts`, whose `node` is a plain field.
 */
import { type GraphQLSchema, isObjectType } from 'graphql';

/** A relay edge type's fields: Quire adds none to them. */
const EDGE_FIELDS = ['cursor', 'node'];

export function withEdgeNodesInline(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || !type.name.endsWith('Edge')) continue;
    const fields = type.getFields();
    if (Object.keys(fields).sort().join() !== EDGE_FIELDS.join()) continue;
    const node = fields.node;
    if (node) node.resolve = undefined;
  }
  return schema;
}
