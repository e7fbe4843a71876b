/** The Pothos builder (types are generated from the operations' zod schemas elsewhere). */
import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import { invalidInput } from '@quire/domain';
import { valueFromASTUntyped } from 'graphql';
import type { GraphqlContext } from './graphql-context';
import { toGraphqlError } from './graphql-errors';

/** `nodes(ids:)` takes at most this many ids, like the default page of every list. */
export const MAX_NODE_IDS = 100;

export type Builder = PothosSchemaTypes.SchemaBuilder<
  PothosSchemaTypes.ExtendDefaultTypes<{
    Context: GraphqlContext;
    Scalars: { JSON: { Input: unknown; Output: unknown } };
  }>
>;

export function createBuilder(): Builder {
  const builder = new SchemaBuilder<{
    Context: GraphqlContext;
    Scalars: { JSON: { Input: unknown; Output: unknown } };
  }>({
    plugins: [RelayPlugin],
    relay: {
      cursorType: 'String',
      clientMutationId: 'omit',
      nodesQueryOptions: {
        description: `Fetches objects given their IDs (at most ${MAX_NODE_IDS})`,
        // Refused before any node is loaded: each id costs an operation.
        resolve: (_root, args, _context, _info, resolveNodes) => {
          if (args.ids.length > MAX_NODE_IDS) {
            throw toGraphqlError(invalidInput('ids', `at most ${MAX_NODE_IDS} ids at once`));
          }
          return resolveNodes(args.ids);
        },
      },
    },
  });
  builder.scalarType('JSON', {
    description: 'Any JSON value',
    serialize: (value) => value,
    parseValue: (value) => value,
    parseLiteral: (ast) => valueFromASTUntyped(ast),
  });
  builder.queryType({});
  builder.mutationType({});
  return builder;
}
