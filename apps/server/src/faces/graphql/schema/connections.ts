/**
 * List operations as Relay connections, the same for root fields (`spacesList`) and list
 * relations (`Organization.spaces`): `first`/`after` are the operation's `limit`/`page`,
 * `totalCount` its `count`; backward paging is refused (the operations page forwards only).
 */

import type { DefaultConnectionArguments } from '@pothos/plugin-relay';
import { edgeCursorOf, invalidInput, type Page } from '@quire/domain';
import type { Builder } from '../builder';
import type { GraphqlContext } from '../graphql-context';
import { toGraphqlError } from '../graphql-errors';
import type { Arguments, OutputTypeRef } from './type-refs';

/** The list operations' paging fields, which the connection arguments stand for. */
export const PAGING_ARGS: ReadonlySet<string> = new Set(['page', 'limit']);

/** Every connection counts what it pages through. */
export function addTotalCount(builder: Builder): void {
  builder.globalConnectionField('totalCount', (t) =>
    t.int({ resolve: (connection) => connection.totalCount }),
  );
}

export interface ConnectionOptions<Parent> {
  /** The GraphQL type of the items. */
  type: OutputTypeRef;
  description: string | undefined;
  /** The operation's own arguments (paging aside). */
  args: Arguments;
  /** Runs the list operation with this input (the arguments, and `limit`/`page`); null: nothing to list. */
  loadPage(
    parent: Parent,
    input: Record<string, unknown>,
    context: GraphqlContext,
  ): Promise<Page<unknown> | null>;
}

/**
 * An edge of a page: its cursor is encoded only when the query selects it. A class, so a
 * page of a hundred edges shares one getter instead of making one per edge.
 */
class Edge {
  readonly node: unknown;
  readonly #page: Page<unknown>;
  readonly #index: number;

  constructor(page: Page<unknown>, index: number) {
    this.node = page.items[index];
    this.#page = page;
    this.#index = index;
  }

  get cursor(): string {
    return edgeCursorOf(this.#page, this.#index);
  }
}

/** A page's `pageInfo`: its cursors, too, are encoded only when the query selects them. */
class PageInfo {
  readonly hasNextPage: boolean;
  readonly hasPreviousPage: boolean;
  readonly #page: Page<unknown>;

  constructor(page: Page<unknown>, hasPreviousPage: boolean) {
    this.hasNextPage = page.next !== undefined;
    this.hasPreviousPage = hasPreviousPage;
    this.#page = page;
  }

  get startCursor(): string | null {
    return this.#page.items.length > 0 ? edgeCursorOf(this.#page, 0) : null;
  }

  get endCursor(): string | null {
    const lastIndex = this.#page.items.length - 1;
    return this.#page.next?.page ?? (lastIndex >= 0 ? edgeCursorOf(this.#page, lastIndex) : null);
  }
}

function connectionOf(page: Page<unknown>, hasPreviousPage: boolean) {
  const edges: Edge[] = new Array(page.items.length);
  for (let i = 0; i < edges.length; i++) edges[i] = new Edge(page, i);
  return { totalCount: page.count, edges, pageInfo: new PageInfo(page, hasPreviousPage) };
}

/** The options of `t.connection` for a list operation, whatever field builder defines it. */
export function connectionFieldOptions<Parent>({
  type,
  description,
  args,
  loadPage,
}: ConnectionOptions<Parent>) {
  return {
    type,
    description,
    args,
    resolve: async (
      parent: Parent,
      { first, after, last, before, ...rest }: DefaultConnectionArguments & Record<string, unknown>,
      context: GraphqlContext,
    ) => {
      if (last != null || before != null) {
        throw toGraphqlError(invalidInput('last', 'backward paging is not supported: use first and after'));
      }
      const input: Record<string, unknown> = { ...rest };
      if (first != null) input.limit = first;
      if (after != null) input.page = after;
      const page = await loadPage(parent, input, context);
      return page && connectionOf(page, after != null);
    },
  };
}
