/**
 * List operations as Relay connections, the same for root fields (`spacesList`) and list
 * relations (`Organization.spaces`): `first`/`after` are the operation's `limit`/`page`,
 * `totalCount` its `count`; backward paging is refused (the operations page forwards only).
 */
import { edgeCursorOf, invalidInput, type Page } from '@quire/domain';
import type { GraphqlContext } from './graphql-context';
import { toGraphqlError } from './graphql-errors';

/** The list operations' paging fields, which the connection arguments stand for. */
export const PAGING_ARGS: ReadonlySet<string> = new Set(['page', 'limit']);

// biome-ignore lint/suspicious/noExplicitAny: Pothos type refs and field builders of generated fields
type Generated = any;

export interface ConnectionFieldOptions<Parent> {
  /** The GraphQL type of the items. */
  type: Generated;
  description: string | undefined;
  /** The operation's own arguments (paging aside). */
  args: Record<string, unknown>;
  /** Runs the list operation with this input (the arguments, and `limit`/`page`); null: nothing to list. */
  loadPage(
    parent: Parent,
    input: Record<string, unknown>,
    context: GraphqlContext,
  ): Promise<Page<unknown> | null>;
}

function connectionOf(page: Page<unknown>, hasPreviousPage: boolean) {
  const lastIndex = page.items.length - 1;
  return {
    totalCount: page.count,
    // Cursors are encoded only for the edges whose cursor the query selects.
    edges: page.items.map((node, i) => ({
      node,
      get cursor() {
        return edgeCursorOf(page, i);
      },
    })),
    pageInfo: {
      hasNextPage: page.next !== undefined,
      hasPreviousPage,
      startCursor: lastIndex >= 0 ? edgeCursorOf(page, 0) : null,
      endCursor: page.next?.page ?? (lastIndex >= 0 ? edgeCursorOf(page, lastIndex) : null),
    },
  };
}

export function connectionField<Parent>(t: Generated, options: ConnectionFieldOptions<Parent>) {
  return t.connection(
    {
      type: options.type,
      description: options.description,
      args: options.args,
      resolve: async (parent: Parent, args: Record<string, unknown>, context: GraphqlContext) => {
        const { first, after, last, before, ...rest } = args;
        if (last != null || before != null) {
          throw toGraphqlError(invalidInput('last', 'backward paging is not supported: use first and after'));
        }
        const input: Record<string, unknown> = { ...rest };
        if (first != null) input.limit = first;
        if (after != null) input.page = after;
        const page = await options.loadPage(parent, input, context);
        return page && connectionOf(page, after != null);
      },
    },
    {
      fields: (c: Generated) => ({
        totalCount: c.int({ resolve: (connection: { totalCount: number }) => connection.totalCount }),
      }),
    },
  );
}
