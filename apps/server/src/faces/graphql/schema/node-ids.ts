/**
 * A node's `id` answered at once. The relay plugin resolves every node's `id` through an
 * async function (its `globalID` field), so graphql-jit waits on a promise for each one (a
 * page of 100 members has 200). The id is the plugin's own, encoded the same way
 * (`global-ids.ts`) from the same value (`node-types.ts` resolves it as `String(resource.id)`);
 * decoding and `node(id:)` stay the plugin's.
 */
import { type GraphQLSchema, isObjectType } from 'graphql';
import { encodeGlobalId } from '../global-ids';

const NODE_INTERFACE = 'Node';

export function withNodeIdsAtOnce(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || !type.getInterfaces().some((node) => node.name === NODE_INTERFACE)) continue;
    const field = type.getFields().id;
    if (!field) continue;
    const typeName = type.name;
    field.resolve = (resource: { id?: unknown }) => encodeGlobalId(typeName, String(resource.id));
  }
  return schema;
}
