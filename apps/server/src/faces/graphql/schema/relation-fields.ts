/**
 * The relations of `relations.ts` as fields of the resource types: a single relation is a
 * nullable field of the linked resource's type, a list relation a connection with the list
 * operation's own arguments (those the resource fills aside). Both run their operation
 * through the request's `OperationLoader`, hence through `runOperation`.
 */
import { type AnyOperation, itemSchemaOfPage, type Page } from '@quire/domain';
import type { z } from 'zod';
import type { Builder } from '../builder';
import type { GraphqlContext } from '../graphql-context';
import { toGraphqlError } from '../graphql-errors';
import { connectionFieldOptions, PAGING_ARGS } from './connections';
import type { DerivedTypes } from './derived-types';
import { argumentsOf } from './operation-arguments';
import type { Relation } from './relations';
import type { Resource } from './resource';
import { pascal } from './type-names';
import type { ObjectFieldBuilder } from './type-refs';
import { idOf, shapeOf, unwrap } from './zod-definitions';

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

function singleField(t: ObjectFieldBuilder, types: DerivedTypes, relation: Relation) {
  const op = relation.operation;
  const { type } = types.objects.output(unwrap(op.output).schema, `${pascal(op.name)}Result`);
  return t.field({
    type,
    nullable: true,
    description: relation.description,
    resolve: async (resource, _args, context) => {
      const input = await linkedInput(relation, resource, context);
      return input && run(op, context, input);
    },
  });
}

function listField(t: ObjectFieldBuilder, types: DerivedTypes, relation: Relation, itemSchema: z.ZodType) {
  const op = relation.operation;
  return t.connection(
    connectionFieldOptions<Resource>({
      type: types.objects.output(unwrap(itemSchema).schema, `${pascal(op.name)}Item`).type,
      description: relation.description,
      args: argumentsOf(t.arg, op, types.inputs, new Set([...PAGING_ARGS, ...Object.keys(relation.link)])),
      loadPage: async (resource, input, context) => {
        const link = await linkedInput(relation, resource, context);
        return link && ((await run(op, context, { ...input, ...link })) as Page<unknown>);
      },
    }),
  );
}

export function addRelationFields(
  builder: Builder,
  types: DerivedTypes,
  relations: readonly Relation[],
): void {
  for (const relation of relations) {
    const typeName = idOf(relation.on);
    if (!typeName)
      throw new Error('graphql: relations link resources, whose schemas are named with .meta({ id })');
    if (relation.field in shapeOf(relation.on) && !relation.ownFieldAs) {
      throw new Error(
        `graphql: ${typeName}.${relation.field} hides a field of the resource: say where it goes`,
      );
    }
    const parent = types.objects.objectType(relation.on, typeName);
    const itemSchema = itemSchemaOfPage(relation.operation.output);
    builder.objectField(parent, relation.field, (t) =>
      itemSchema ? listField(t, types, relation, itemSchema) : singleField(t, types, relation),
    );
  }
}
