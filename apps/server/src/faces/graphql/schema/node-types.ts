/**
 * Relay nodes: a resource is a node when a `*.get` query addresses it by one required
 * argument named for it (`space` by `spaceId`) and returns an object named with
 * `.meta({ id })` that has `id` and a literal `object` field. A query that reaches a
 * resource through another's id (a space's current revision by `spaceId`) does not make
 * it a node. A node's `id` is the Relay global id, `entityId` the REST id.
 */
import { type AnyOperation, isDomainError } from '@quire/domain';
import type { z } from 'zod';
import { runOperation } from '../../run-operation';
import type { Builder } from '../builder';
import { toGraphqlError } from '../graphql-errors';
import type { ObjectTypes } from './object-types';
import type { Resource } from './resource';
import type { ObjectTypeRef } from './type-refs';
import { defOf, descriptionOf, idOf, literalValueOf, shapeOf, unwrap } from './zod-definitions';

export interface NodeSource {
  schema: z.ZodObject;
  typeName: string;
  /** The value of the resource's `object` field, which tells the node's type. */
  objectValue: string;
  load: AnyOperation;
  idArgument: string;
}

/** The argument that addresses a resource by its own id: 'change-request' -> 'changeRequestId'. */
const idArgumentFor = (objectValue: string): string =>
  `${objectValue.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())}Id`;

/** The node an operation loads, if it is a node's `*.get`. */
export function nodeSourceOf(op: AnyOperation): NodeSource | undefined {
  if (op.kind !== 'query' || !op.name.endsWith('.get')) return undefined;
  const input = unwrap(op.input).schema;
  const output = unwrap(op.output).schema;
  if (defOf(input).type !== 'object' || defOf(output).type !== 'object') return undefined;
  const required = Object.entries(shapeOf(input as z.ZodObject)).filter(
    ([, field]) => !unwrap(field).nullable,
  );
  const shape = shapeOf(output as z.ZodObject);
  const typeName = idOf(output);
  const objectField = shape.object ? unwrap(shape.object).schema : undefined;
  const objectValue =
    objectField && defOf(objectField).type === 'literal' ? literalValueOf(objectField) : undefined;
  if (required.length !== 1 || !typeName || !shape.id || typeof objectValue !== 'string') return undefined;
  if (required[0]![0] !== idArgumentFor(objectValue)) return undefined;
  return { schema: output as z.ZodObject, typeName, objectValue, load: op, idArgument: required[0]![0] };
}

/** The node type of a resource; its fields are the object type's, `id` aside. */
export function addNodeType(builder: Builder, objects: ObjectTypes, source: NodeSource): ObjectTypeRef {
  const ref = builder.objectRef<Resource>(source.typeName);
  builder.node(ref, {
    description: descriptionOf(source.schema),
    id: { resolve: (resource) => String(resource.id) },
    isTypeOf: (value) => (value as { object?: unknown } | null)?.object === source.objectValue,
    loadOne: async (id, context) => {
      try {
        return (await runOperation(source.load, context.access, {
          [source.idArgument]: id,
        })) as Resource;
      } catch (error) {
        if (isDomainError(error) && error.code === 'not_found') return null;
        throw toGraphqlError(error);
      }
    },
    fields: (t) => ({
      ...objects.fieldsOf(t, source.schema, source.typeName, new Set(['id'])),
      entityId: t.string({
        description: 'The id of the resource in the REST API (`id` is the Relay global id).',
        resolve: (resource) => String(resource.id),
      }),
    }),
  });
  return ref;
}
