/**
 * The Pothos schema builder: its plugins and options, and the TypeScript types every file
 * of `schema/` defines GraphQL types with. Like Pothos's app-layout guide has it, it
 * defines no GraphQL type itself: those are in `schema/`, put together by `schema.ts`.
 */
import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import { invalidInput } from '@quire/domain';
import { encodeGlobalId } from './global-ids';
import type { GraphqlContext } from './graphql-context';
import { toGraphqlError } from './graphql-errors';

/** `nodes(ids:)` takes at most this many ids, like the default page of every list. */
export const MAX_NODE_IDS = 100;

/**
 * What the builder is told about the schema: the resolvers' context, the scalars beyond the
 * built-in ones, and what every connection holds besides its edges (`schema/connections.ts`).
 */
export interface QuireSchemaTypes {
  Context: GraphqlContext;
  Scalars: { JSON: { Input: unknown; Output: unknown } };
  Connection: { totalCount: number };
}

/** The builder's full type parameters (Pothos's defaults with Quire's), for refs and field builders. */
export type SchemaTypes = PothosSchemaTypes.ExtendDefaultTypes<QuireSchemaTypes>;

export type Builder = PothosSchemaTypes.SchemaBuilder<SchemaTypes>;

/** A new builder for each schema built: the types are derived from the operations it is given. */
export function createBuilder(): Builder {
  return new SchemaBuilder<QuireSchemaTypes>({
    plugins: [RelayPlugin],
    relay: {
      cursorType: 'String',
      clientMutationId: 'omit',
      // The plugin's own encoding, without a Buffer per id (`global-ids.ts`); decoding is the plugin's.
      encodeGlobalID: encodeGlobalId,
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
}
