/**
 * The GraphQL schema, derived from the operation registry (the only list of operations):
 * the root types, a field per operation, types from the zod schemas, Relay nodes for the
 * resources that one id addresses, and the relations between resources. As Pothos's
 * app-layout guide has it, this file puts the schema together and defines no type itself:
 * the builder is `builder.ts`, the definitions are in `schema/`.
 */
import { flattenOperations, type OperationTree, operations } from '@quire/domain';
import { type GraphQLSchema, lexicographicSortSchema } from 'graphql';
import { createBuilder } from './builder';
import { addTotalCount } from './schema/connections';
import { derivedTypes } from './schema/derived-types';
import { withEdgeNodesInline } from './schema/edge-nodes';
import { withNodeIdsAtOnce } from './schema/node-ids';
import { addNodeType, nodeSourceOf } from './schema/node-types';
import { addOperationField } from './schema/operation-fields';
import { addRelationFields } from './schema/relation-fields';
import { displacedFields, RELATIONS } from './schema/relations';
import { addJsonScalar } from './schema/scalar-types';

export function buildGraphqlSchema(tree: OperationTree = operations): GraphQLSchema {
  const builder = createBuilder();
  addJsonScalar(builder);
  builder.queryType({});
  builder.mutationType({});
  addTotalCount(builder);
  const all = flattenOperations(tree).map(([, op]) => op);
  const types = derivedTypes(builder, displacedFields(RELATIONS));
  // Nodes first: every field whose type is a node's resource has the node type.
  for (const op of all) {
    const source = nodeSourceOf(op);
    if (source && !types.objects.isDefined(source.schema))
      types.objects.useFor(source.schema, addNodeType(builder, types.objects, source));
  }
  for (const op of all) addOperationField(builder, types, op);
  addRelationFields(builder, types, RELATIONS);
  return withEdgeNodesInline(withNodeIdsAtOnce(lexicographicSortSchema(builder.toSchema())));
}

let registrySchema: GraphQLSchema | undefined;

/**
 * The schema of the registry's operations, built once per process: it is derived from the
 * registry alone (resolvers read the request's context), and a process that starts several
 * servers (a test worker starts one per test file) built it again each time, a quarter of a
 * server's start (about 0.15 s of a core).
 */
export function registrySchemaOnce(): GraphQLSchema {
  registrySchema ??= buildGraphqlSchema();
  return registrySchema;
}
