/**
 * One GraphQL field per operation: queries on Query, mutations on Mutation, named by the
 * operation's name in camel case (`orgs.members.list` -> `orgsMembersList`). List
 * operations are Relay connections (`first`/`after` map to `limit`/`page`); operations
 * without output return `true`. Every resolver calls the same `runOperation` as REST.
 */
import { type AnyOperation, itemSchemaOfPage, type Page } from '@quire/domain';
import type { z } from 'zod';
import { runOperation } from '../../run-operation';
import type { Builder, SchemaTypes } from '../builder';
import type { GraphqlContext } from '../graphql-context';
import { toGraphqlError } from '../graphql-errors';
import { connectionFieldOptions, PAGING_ARGS } from './connections';
import type { DerivedTypes } from './derived-types';
import { argumentsOf } from './operation-arguments';
import { pascal } from './type-names';
import type { ArgumentBuilder } from './type-refs';
import { outputTypeOptions } from './typed-fields';
import { defOf, unwrap } from './zod-definitions';

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

/** A list operation's connection: its item type, its arguments but paging, its pages. */
function connectionOptions(
  types: DerivedTypes,
  op: AnyOperation,
  arg: ArgumentBuilder,
  itemSchema: z.ZodType,
) {
  return connectionFieldOptions<SchemaTypes['Root']>({
    type: types.objects.output(unwrap(itemSchema).schema, `${pascal(op.name)}Item`).type,
    description: op.summary,
    args: argumentsOf(arg, op, types.inputs, PAGING_ARGS),
    loadPage: async (_parent, input, context) => (await run(op, context, input)) as Page<unknown>,
  });
}

/** An operation without output: `true` once it ran. */
function doneOptions(types: DerivedTypes, op: AnyOperation, arg: ArgumentBuilder) {
  return {
    description: op.summary,
    args: argumentsOf(arg, op, types.inputs, new Set()),
    resolve: async (_parent: unknown, input: Record<string, unknown>, context: GraphqlContext) => {
      await run(op, context, input);
      return true;
    },
  };
}

/** Any other operation: its output. */
function outputOptions(types: DerivedTypes, op: AnyOperation, arg: ArgumentBuilder) {
  // The arguments first: an enum met in both is named after where it is met first.
  const args = argumentsOf(arg, op, types.inputs, new Set());
  const { schema, nullable } = unwrap(op.output);
  return {
    ...outputTypeOptions(types.objects.output(schema, `${pascal(op.name)}Result`), nullable),
    description: op.summary,
    args,
    resolve: (_parent: unknown, input: Record<string, unknown>, context: GraphqlContext) =>
      run(op, context, input),
  };
}

export function addOperationField(builder: Builder, types: DerivedTypes, op: AnyOperation): void {
  const fieldName = graphqlFieldName(op.name);
  const itemSchema = itemSchemaOfPage(op.output);
  const done = defOf(op.output).type === 'null';
  // The same three ways on both root types, written twice: Pothos types a field builder by
  // its root type, and a function over both would lose the types of `t.field`'s options.
  if (op.kind === 'query') {
    builder.queryField(fieldName, (t) => {
      if (itemSchema) return t.connection(connectionOptions(types, op, t.arg, itemSchema));
      return done ? t.boolean(doneOptions(types, op, t.arg)) : t.field(outputOptions(types, op, t.arg));
    });
  } else {
    builder.mutationField(fieldName, (t) => {
      if (itemSchema) return t.connection(connectionOptions(types, op, t.arg, itemSchema));
      return done ? t.boolean(doneOptions(types, op, t.arg)) : t.field(outputOptions(types, op, t.arg));
    });
  }
}
