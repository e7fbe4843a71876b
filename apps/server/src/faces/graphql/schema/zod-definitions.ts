/**
 * Reading the operations' zod schemas: what kind of schema one is, what it wraps, and the
 * name and description given with `.meta()`. Nothing here knows GraphQL.
 */
import { z } from 'zod';

/** The definition zod keeps of a schema: its `type` and the parts of that type (`innerType`, `shape`…). */
export const defOf = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;

export interface Unwrapped {
  schema: z.ZodType;
  /** Whether a wrapper lets the value be absent (optional, nullable, default, readonly). */
  nullable: boolean;
}

/** Looks through optional, nullable, default and readonly wrappers, and pipes to what they take. */
export function unwrap(schema: z.ZodType): Unwrapped {
  let current = schema;
  let nullable = false;
  for (;;) {
    const def = defOf(current);
    if (
      def.type === 'optional' ||
      def.type === 'nullable' ||
      def.type === 'default' ||
      def.type === 'readonly'
    ) {
      nullable = true;
      current = def.innerType as z.ZodType;
    } else if (def.type === 'pipe') {
      current = def.in as z.ZodType;
    } else {
      return { schema: current, nullable };
    }
  }
}

/** The fields of an object schema. */
export const shapeOf = (schema: z.ZodObject): Record<string, z.ZodType> =>
  schema.shape as Record<string, z.ZodType>;

/** The item schema of an array schema, or undefined for any other. */
export const elementOf = (schema: z.ZodType): z.ZodType | undefined => {
  const def = defOf(schema);
  return def.type === 'array' ? (def.element as z.ZodType) : undefined;
};

/** The first value of a literal schema (undefined for other schemas). */
export const literalValueOf = (schema: z.ZodType): unknown =>
  (defOf(schema).values as unknown[] | undefined)?.[0];

export const descriptionOf = (schema: z.ZodType): string | undefined =>
  z.globalRegistry.get(schema)?.description;

/** The name given with `.meta({ id })`. */
export const idOf = (schema: z.ZodType): string | undefined => z.globalRegistry.get(schema)?.id;

/** Whether a number schema takes integers only (`z.int()`, `.int()`). */
export const isInt = (schema: z.ZodType): boolean => {
  const format = (schema as unknown as { format?: string | null }).format;
  return typeof format === 'string' && /int/.test(format);
};
