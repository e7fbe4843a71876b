/**
 * JSON Schemas of operations' inputs and outputs, derived from their zod schemas once.
 * Schemas registered with `.meta({ id })` become shared components.
 */
import type { AnyOperation } from '@quire/domain';
import { z } from 'zod';

export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
};

export const COMPONENTS_PREFIX = '#/components/schemas/';

export interface DerivedSchema {
  schema: JsonSchema;
  /** Components referenced by the schema, by id. */
  defs: Record<string, JsonSchema>;
}

const cache = new WeakMap<z.ZodType, { input?: DerivedSchema; output?: DerivedSchema }>();

export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): DerivedSchema {
  const entry = cache.get(schema) ?? {};
  const cached = entry[io];
  if (cached) return cached;
  const generated = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' });
  // Shared schemas come out under `$defs`; OpenAPI keeps them under components.
  const raw = JSON.parse(
    JSON.stringify(generated).replaceAll('"#/$defs/', `"${COMPONENTS_PREFIX}`),
  ) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
    $schema?: string;
  };
  const { $defs, $schema: _ignored, ...rest } = raw;
  const defs = $defs ?? {};
  // A named top-level schema is a bare reference; callers need its properties.
  const resolved = rest.$ref?.startsWith(COMPONENTS_PREFIX)
    ? defs[rest.$ref.slice(COMPONENTS_PREFIX.length)]
    : undefined;
  const derived: DerivedSchema = { schema: resolved ?? rest, defs };
  entry[io] = derived;
  cache.set(schema, entry);
  return derived;
}

export const inputSchemaOf = (op: AnyOperation): DerivedSchema => jsonSchemaOf(op.input, 'input');
export const outputSchemaOf = (op: AnyOperation): DerivedSchema => jsonSchemaOf(op.output, 'output');

/** The types a property accepts, looking through `anyOf`/`oneOf` (nullable fields). */
export function typesOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const own = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(typesOf);
  return [...own, ...nested];
}
