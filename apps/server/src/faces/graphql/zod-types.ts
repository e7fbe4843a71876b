/**
 * GraphQL types generated from the operations' zod schemas, so the GraphQL face serves
 * exactly the shapes REST serves (same fields, same enums) by construction.
 *
 * - Objects named with `.meta({ id })` become object types of that name (otherwise the
 *   name is derived from where they appear); string enums become enum types whose GraphQL
 *   names are sanitized (`share-link` -> `share_link`) while their values stay the wire values.
 * - Unions, records and anything else without a GraphQL equivalent become the JSON scalar.
 */
import { z } from 'zod';
import type { Builder } from './builder';

// biome-ignore lint/suspicious/noExplicitAny: Pothos type refs of generated types cannot be typed statically
type TypeRef = any;

interface Unwrapped {
  schema: z.ZodType;
  nullable: boolean;
}

/** The definition zod keeps of a schema: its `type` and the parts of that type (`innerType`, `shape`…). */
export const defOf = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;

/** Looks through optional, nullable, default and readonly wrappers. */
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

export const descriptionOf = (schema: z.ZodType): string | undefined =>
  z.globalRegistry.get(schema)?.description;
const idOf = (schema: z.ZodType): string | undefined => z.globalRegistry.get(schema)?.id;

export const pascal = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

const graphqlName = (value: string): string => {
  const name = value.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(name) ? name : `_${name}`;
};

const isInt = (schema: z.ZodType): boolean => {
  const format = (schema as unknown as { format?: string | null }).format;
  return typeof format === 'string' && /int/.test(format);
};

/** Names must be unique in a schema: the same name for a different zod schema gets a suffix. */
class NameRegistry {
  readonly #taken = new Set<string>();
  claim(name: string): string {
    let candidate = name;
    for (let n = 2; this.#taken.has(candidate); n++) candidate = `${name}${n}`;
    this.#taken.add(candidate);
    return candidate;
  }
}

export class ZodGraphqlTypes {
  readonly #names = new NameRegistry();
  readonly #outputs = new Map<z.ZodType, TypeRef>();
  readonly #inputs = new Map<z.ZodType, TypeRef>();
  readonly #enums = new Map<z.ZodType, TypeRef>();

  constructor(
    private readonly builder: Builder,
    /** Object types that are Relay nodes, created by the caller before any use. */
    private readonly nodeTypes: Map<z.ZodType, TypeRef>,
    /** Fields that a relation took the name of, by object schema: field -> the name it keeps. */
    private readonly displaced: ReadonlyMap<z.ZodType, ReadonlyMap<string, string>> = new Map(),
  ) {
    for (const name of ['Query', 'Mutation', 'Node', 'PageInfo', 'JSON']) this.#names.claim(name);
  }

  /** The GraphQL output type of a (non-nullable-unwrapped) schema. */
  output(schema: z.ZodType, nameHint: string): { type: TypeRef; list: boolean; itemNullable: boolean } {
    const def = defOf(schema);
    if (def.type === 'array') {
      const item = unwrap(def.element as z.ZodType);
      return {
        type: this.outputScalarOrObject(item.schema, nameHint),
        list: true,
        itemNullable: item.nullable,
      };
    }
    return { type: this.outputScalarOrObject(schema, nameHint), list: false, itemNullable: false };
  }

  private outputScalarOrObject(schema: z.ZodType, nameHint: string): TypeRef {
    const def = defOf(schema);
    switch (def.type) {
      case 'string':
      case 'literal':
        return typeof (def.values as unknown[] | undefined)?.[0] === 'number' ? 'Float' : 'String';
      case 'number':
        return isInt(schema) ? 'Int' : 'Float';
      case 'boolean':
        return 'Boolean';
      case 'enum':
        return this.enumType(schema, nameHint);
      case 'object':
        return this.objectType(schema as z.ZodObject, nameHint);
      default:
        return 'JSON';
    }
  }

  enumType(schema: z.ZodType, nameHint: string): TypeRef {
    const existing = this.#enums.get(schema);
    if (existing) return existing;
    const entries = Object.values(defOf(schema).entries as Record<string, string | number>);
    if (entries.some((value) => typeof value !== 'string')) return 'JSON';
    const name = this.#names.claim(idOf(schema) ?? `${nameHint}Enum`);
    const ref = this.builder.enumType(name, {
      description: descriptionOf(schema),
      values: Object.fromEntries(entries.map((value) => [graphqlName(String(value)), { value }])),
    });
    this.#enums.set(schema, ref);
    return ref;
  }

  objectType(schema: z.ZodObject, nameHint: string): TypeRef {
    const node = this.nodeTypes.get(schema);
    if (node) return node;
    const existing = this.#outputs.get(schema);
    if (existing) return existing;
    const name = this.#names.claim(idOf(schema) ?? nameHint);
    const ref = this.builder.objectRef<Record<string, unknown>>(name);
    this.#outputs.set(schema, ref);
    ref.implement({
      description: descriptionOf(schema),
      // biome-ignore lint/suspicious/noExplicitAny: generated fields
      fields: (t) => this.fieldsOf(t, schema, name) as any,
    });
    return ref;
  }

  /** The fields of an object type (also used for Relay node types). */
  // biome-ignore lint/suspicious/noExplicitAny: the Pothos field builder of a generated type
  fieldsOf(t: any, schema: z.ZodObject, typeName: string, skip: ReadonlySet<string> = new Set()) {
    const fields: Record<string, unknown> = {};
    for (const [key, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      if (skip.has(key) || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) continue;
      const { schema: inner, nullable } = unwrap(fieldSchema);
      const { type, list, itemNullable } = this.output(inner, `${typeName}${pascal(key)}`);
      fields[this.displaced.get(schema)?.get(key) ?? key] = t.field({
        type: list ? [type] : type,
        nullable: list ? { list: nullable, items: itemNullable } : nullable,
        description: descriptionOf(fieldSchema),
        resolve: (parent: Record<string, unknown>) => parent[key],
      });
    }
    return fields;
  }

  /** The GraphQL input type of a schema, for arguments. */
  input(schema: z.ZodType, nameHint: string): { type: TypeRef; list: boolean; itemRequired: boolean } {
    const def = defOf(schema);
    if (def.type === 'array') {
      const item = unwrap(def.element as z.ZodType);
      return {
        type: this.inputScalarOrObject(item.schema, nameHint),
        list: true,
        itemRequired: !item.nullable,
      };
    }
    return { type: this.inputScalarOrObject(schema, nameHint), list: false, itemRequired: true };
  }

  private inputScalarOrObject(schema: z.ZodType, nameHint: string): TypeRef {
    const def = defOf(schema);
    switch (def.type) {
      case 'string':
        return 'String';
      case 'literal':
        return typeof (def.values as unknown[] | undefined)?.[0] === 'number' ? 'Float' : 'String';
      case 'number':
        return isInt(schema) ? 'Int' : 'Float';
      case 'boolean':
        return 'Boolean';
      case 'enum':
        return this.enumType(schema, nameHint);
      case 'object':
        return this.inputObjectType(schema as z.ZodObject, nameHint);
      default:
        return 'JSON';
    }
  }

  private inputObjectType(schema: z.ZodObject, nameHint: string): TypeRef {
    const existing = this.#inputs.get(schema);
    if (existing) return existing;
    const name = this.#names.claim(`${nameHint}Input`);
    const ref = this.builder.inputRef<Record<string, unknown>>(name);
    this.#inputs.set(schema, ref);
    ref.implement({
      description: descriptionOf(schema),
      fields: (t) => {
        const fields: Record<string, unknown> = {};
        for (const [key, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
          if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) continue;
          const { schema: inner, nullable } = unwrap(fieldSchema);
          const { type, list, itemRequired } = this.input(inner, `${nameHint}${pascal(key)}`);
          fields[key] = t.field({
            type: list ? [type] : type,
            required: list ? { list: !nullable, items: itemRequired } : !nullable,
            description: descriptionOf(fieldSchema),
          });
        }
        // biome-ignore lint/suspicious/noExplicitAny: generated fields
        return fields as any;
      },
    });
    return ref;
  }
}
