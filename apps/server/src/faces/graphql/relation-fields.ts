/**
 * The relations of `relations.ts` as fields of the resource types: a single relation is a
 * nullable field of the linked resource's type, a list relation a connection with the list
 * operation's own arguments (those the resource fills aside). Both run their operation
 * through the request's `OperationLoader`, hence through `runOperation`.
 */
import { type AnyOperation, itemSchemaOfPage, type Page } from '@quire/domain';
import { z } from 'zod';
import type { Builder } from './builder';
import { connectionField, PAGING_ARGS } from './connections';
import type { GraphqlContext } from './graphql-context';
import { toGraphqlError } from './graphql-errors';
import { argsOf } from './operation-fields';
import type { Relation, Resource } from './relations';
import { pascal, unwrap, type ZodGraphqlTypes } from './zod-types';

// biome-ignore lint/suspicious/noExplicitAny: Pothos field builders of generated fields
type FieldBuilder = any;

/** The operation's input that the resource fills; null when the resource links nothing. */
async function linkedInput(
  relation: Relation,
  resource: Resource,
  context: GraphqlContext,
): Promise<Record<string, unknown> | null> {
  const input: Record<string, unknown> = {};
  for (const [key, source] of Object.entries(relation.link)) {
    const value = typeof source === 'string' ? resource[source] : await source(resource, context.lookups);
    if (value === undefined || value === null) return null;
    input[key] = value;
  }
  return input;
}

async function run(op: AnyOperation, context: GraphqlContext, input: Record<string, unknown>) {
  try {
    return await context.operations.run(op, input);
  } catch (error) {
    throw toGraphqlError(error);
  }
}

function singleField(t: FieldBuilder, types: ZodGraphqlTypes, relation: Relation) {
  const op = relation.operation;
  const { type } = types.output(unwrap(op.output).schema, `${pascal(op.name)}Result`);
  return t.field({
    type,
    nullable: true,
    description: relation.description,
    resolve: async (resource: Resource, _args: unknown, context: GraphqlContext) => {
      const input = await linkedInput(relation, resource, context);
      return input && run(op, context, input);
    },
  });
}

function listField(t: FieldBuilder, types: ZodGraphqlTypes, relation: Relation, itemSchema: z.ZodType) {
  const op = relation.operation;
  return connectionField<Resource>(t, {
    type: types.output(unwrap(itemSchema).schema, `${pascal(op.name)}Item`).type,
    description: relation.description,
    args: argsOf(t, op, types, new Set([...PAGING_ARGS, ...Object.keys(relation.link)])),
    loadPage: async (resource, input, context) => {
      const link = await linkedInput(relation, resource, context);
      return link && ((await run(op, context, { ...input, ...link })) as Page<unknown>);
    },
  });
}

export function addRelationFields(
  builder: Builder,
  types: ZodGraphqlTypes,
  relations: readonly Relation[],
): void {
  for (const relation of relations) {
    const typeName = z.globalRegistry.get(relation.on)?.id;
    if (!typeName)
      throw new Error('graphql: relations link resources, whose schemas are named with .meta({ id })');
    if (relation.field in relation.on.shape && !relation.ownFieldAs) {
      throw new Error(
        `graphql: ${typeName}.${relation.field} hides a field of the resource: say where it goes`,
      );
    }
    const parent = types.output(relation.on, typeName).type;
    const itemSchema = itemSchemaOfPage(relation.operation.output);
    builder.objectField(parent, relation.field, (t: FieldBuilder) =>
      itemSchema ? listField(t, types, relation, itemSchema) : singleField(t, types, relation),
    );
  }
}
