/**
 * One GraphQL field per operation: queries on Query, mutations on Mutation, named by the
 * operation's name in camel case (`orgs.members.list` -> `orgsMembersList`). List
 * operations are Relay connections (`first`/`after` map to `limit`/`page`); operations
 * without output return `true`. Every resolver calls the same `executeOperation` as REST.
 */
import { type AnyOperation, itemSchemaOfPage, type Page } from '@quire/domain';
import type { z } from 'zod';
import { runOperation } from '../run-operation';
import type { Builder } from './builder';
import { connectionField, PAGING_ARGS } from './connections';
import type { GraphqlContext } from './graphql-context';
import { toGraphqlError } from './graphql-errors';
import { defOf, descriptionOf, pascal, unwrap, type ZodGraphqlTypes } from './zod-types';

export const graphqlFieldName = (operationName: string): string => {
  const name = pascal(operationName);
  return name[0]!.toLowerCase() + name.slice(1);
};

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

/** The operation's input fields as GraphQL arguments, but those in `skip`. */
// biome-ignore lint/suspicious/noExplicitAny: Pothos field builders of generated fields
export function argsOf(t: any, op: AnyOperation, types: ZodGraphqlTypes, skip: ReadonlySet<string>) {
  const args: Record<string, unknown> = {};
  const input = unwrap(op.input).schema as z.ZodObject;
  if (defOf(input).type !== 'object') return args;
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
      return connectionField(t, {
        type: types.output(unwrap(itemSchema).schema, `${pascal(op.name)}Item`).type,
        description: op.summary,
        args: argsOf(t, op, types, PAGING_ARGS),
        loadPage: async (_parent, input, context) => (await run(op, context, input)) as Page<unknown>,
      });
    }
    const args = argsOf(t, op, types, new Set());
    if (defOf(op.output).type === 'null') {
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
