/**
 * One GraphQL field per operation: queries on Query, mutations on Mutation, named by the
 * operation's name in camel case (`orgs.members.list` -> `orgsMembersList`). List
 * operations are Relay connections (`first`/`after` map to `limit`/`page`); operations
 * without output return `true`. Every resolver calls the same `executeOperation` as REST.
 */
import { type AnyOperation, edgeCursorOf, invalidInput, itemSchemaOfPage, type Page } from '@quire/domain';
import type { z } from 'zod';
import { runOperation } from '../run-operation';
import type { Builder, GraphqlContext } from './builder';
import { toGraphqlError } from './graphql-errors';
import { descriptionOf, pascal, unwrap, type ZodGraphqlTypes } from './zod-types';

export const graphqlFieldName = (operationName: string): string => {
  const name = pascal(operationName);
  return name[0]!.toLowerCase() + name.slice(1);
};

const PAGING_ARGS = new Set(['page', 'limit']);

const defType = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { def: { type: string } } })._zod.def.type;

async function run(
  op: AnyOperation,
  context: GraphqlContext,
  input: Record<string, unknown>,
): Promise<unknown> {
  try {
    return await runOperation(op, context.access, input);
  } catch (error) {
    throw toGraphqlError(error);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: Pothos field builders of generated fields
function argsOf(t: any, op: AnyOperation, types: ZodGraphqlTypes, skip: ReadonlySet<string>) {
  const args: Record<string, unknown> = {};
  const input = unwrap(op.input).schema as z.ZodObject;
  if (defType(input) !== 'object') return args;
  for (const [key, fieldSchema] of Object.entries(input.shape as Record<string, z.ZodType>)) {
    if (skip.has(key)) continue;
    const { schema, nullable } = unwrap(fieldSchema);
    const { type, list, itemRequired } = types.input(schema, `${pascal(op.name)}${pascal(key)}`);
    args[key] = t.arg({
      type: list ? [type] : type,
      required: list ? { list: !nullable, items: itemRequired } : !nullable,
      description: descriptionOf(fieldSchema),
    });
  }
  return args;
}

export function addOperationField(builder: Builder, types: ZodGraphqlTypes, op: AnyOperation): void {
  const fieldName = graphqlFieldName(op.name);
  const itemSchema = itemSchemaOfPage(op.output);
  // biome-ignore lint/suspicious/noExplicitAny: generated field definitions
  const define = (t: any) => {
    if (itemSchema) {
      const item = types.output(unwrap(itemSchema).schema, `${pascal(op.name)}Item`);
      return t.connection(
        {
          type: item.type,
          description: op.summary,
          args: argsOf(t, op, types, PAGING_ARGS),
          resolve: async (_parent: unknown, args: Record<string, unknown>, context: GraphqlContext) => {
            const { first, after, last, before, ...rest } = args;
            if (last != null || before != null) {
              throw toGraphqlError(
                invalidInput('last', 'backward paging is not supported: use first and after'),
              );
            }
            const input: Record<string, unknown> = { ...rest };
            if (first != null) input.limit = first;
            if (after != null) input.page = after;
            const page = (await run(op, context, input)) as Page<unknown>;
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
                hasPreviousPage: after != null,
                startCursor: lastIndex >= 0 ? edgeCursorOf(page, 0) : null,
                endCursor: page.next?.page ?? (lastIndex >= 0 ? edgeCursorOf(page, lastIndex) : null),
              },
            };
          },
        },
        {
          // biome-ignore lint/suspicious/noExplicitAny: connection field builder
          fields: (c: any) => ({
            totalCount: c.int({ resolve: (connection: { totalCount: number }) => connection.totalCount }),
          }),
        },
      );
    }
    const args = argsOf(t, op, types, new Set());
    if (defType(op.output) === 'null') {
      return t.boolean({
        description: op.summary,
        args,
        resolve: async (_parent: unknown, input: Record<string, unknown>, context: GraphqlContext) => {
          await run(op, context, input);
          return true;
        },
      });
    }
    const { schema, nullable } = unwrap(op.output);
    const { type, list, itemNullable } = types.output(schema, `${pascal(op.name)}Result`);
    return t.field({
      type: list ? [type] : type,
      nullable: list ? { list: nullable, items: itemNullable } : nullable,
      description: op.summary,
      args,
      resolve: (_parent: unknown, input: Record<string, unknown>, context: GraphqlContext) =>
        run(op, context, input),
    });
  };
  if (op.kind === 'query') builder.queryField(fieldName, define);
  else builder.mutationField(fieldName, define);
}
