/**
 * A resource as the operations return it, read field by field: the shape every derived
 * object type stands for (their fields are known only when the zod schema is read). Apart
 * from the Pothos refs (`type-refs.ts`) so that the relations table, which the request
 * context names, does not reach the builder.
 */
export type Resource = Record<string, unknown>;
