/**
 * The GraphQL schema, generated from the operation registry: a field per operation, types
 * from the zod schemas, Relay nodes for the resources that one id addresses, and the
 * relations between resources (`relations.ts`).
 */
import {
  type AnyOperation,
  flattenOperations,
  isDomainError,
  type OperationTree,
  operations,
} from '@quire/domain';
import { type GraphQLSchema, lexicographicSortSchema } from 'graphql';
import { z } from 'zod';
import { runOperation } from '../run-operation';
import { type Builder, createBuilder } from './builder';
import type { GraphqlContext } from './graphql-context';
import { toGraphqlError } from './graphql-errors';
import { addOperationField } from './operation-fields';
import { addRelationFields } from './relation-fields';
import { displacedFields, RELATIONS } from './relations';
import { defOf, descriptionOf, unwrap, ZodGraphqlTypes } from './zod-types';

interface NodeSource {
  schema: z.ZodObject;
  typeName: string;
  /** The value of the resource's `object` field, which tells the node's type. */
  objectValue: string;
  load: AnyOperation;
  idArgument: string;
}

/**
 * A resource is a Relay node when a `*.get` query addresses it by one required argument
 * named for it (`space` by `spaceId`) and returns an object named with `.meta({ id })` that
 * has `id` and a literal `object` field. A query that reaches a resource through another's
 * id (a space's current revision by `spaceId`) does not make it a node.
 */
/** The argument that addresses a resource by its own id: 'change-request' -> 'changeRequestId'. */
const idArgumentFor = (objectValue: string): string =>
  `${objectValue.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())}Id`;

function nodeSourceOf(op: AnyOperation): NodeSource | undefined {
  if (op.kind !== 'query' || !op.name.endsWith('.get')) return undefined;
  const input = unwrap(op.input).schema;
  const output = unwrap(op.output).schema;
  if (defOf(input).type !== 'object' || defOf(output).type !== 'object') return undefined;
  const required = Object.entries((input as z.ZodObject).shape as Record<string, z.ZodType>).filter(
    ([, field]) => !unwrap(field).nullable,
  );
  const shape = (output as z.ZodObject).shape as Record<string, z.ZodType>;
  const typeName = z.globalRegistry.get(output)?.id;
  const objectField = shape.object ? defOf(unwrap(shape.object).schema) : undefined;
  const objectValue = objectField?.type === 'literal' ? (objectField.values as unknown[])[0] : undefined;
  if (required.length !== 1 || !typeName || !shape.id || typeof objectValue !== 'string') return undefined;
  if (required[0]![0] !== idArgumentFor(objectValue)) return undefined;
  return { schema: output as z.ZodObject, typeName, objectValue, load: op, idArgument: required[0]![0] };
}

function addNode(builder: Builder, types: ZodGraphqlTypes, source: NodeSource) {
  const ref = builder.objectRef<Record<string, unknown>>(source.typeName);
  builder.node(ref, {
    description: descriptionOf(source.schema),
    id: { resolve: (resource: Record<string, unknown>) => String(resource.id) },
    isTypeOf: (value: unknown) => (value as { object?: unknown } | null)?.object === source.objectValue,
    loadOne: async (id: string, context: GraphqlContext) => {
      try {
        return (await runOperation(source.load, context.access, {
          [source.idArgument]: id,
        })) as Record<string, unknown>;
      } catch (error) {
        if (isDomainError(error) && error.code === 'not_found') return null;
        throw toGraphqlError(error);
      }
    },
    // biome-ignore lint/suspicious/noExplicitAny: generated fields of a generated node type
    fields: (t: any) => ({
      ...types.fieldsOf(t, source.schema, source.typeName, new Set(['id'])),
      entityId: t.string({
        description: 'The id of the resource in the REST API (`id` is the Relay global id).',
        resolve: (resource: Record<string, unknown>) => String(resource.id),
      }),
    }),
    // biome-ignore lint/suspicious/noExplicitAny: Pothos node options of a generated type
  } as any);
  return ref;
}

export function buildGraphqlSchema(tree: OperationTree = operations): GraphQLSchema {
  const builder = createBuilder();
  const all = flattenOperations(tree).map(([, op]) => op);
  // biome-ignore lint/suspicious/noExplicitAny: Pothos refs of generated node types
  const nodeTypes = new Map<z.ZodType, any>();
  const types = new ZodGraphqlTypes(builder, nodeTypes, displacedFields(RELATIONS));
  for (const op of all) {
    const source = nodeSourceOf(op);
    if (source && !nodeTypes.has(source.schema))
      nodeTypes.set(source.schema, addNode(builder, types, source));
  }
  for (const op of all) addOperationField(builder, types, op);
  addRelationFields(builder, types, RELATIONS);
  return lexicographicSortSchema(builder.toSchema());
}
