/**
 * Object types from zod object schemas, one per schema: named by `.meta({ id })`, or
 * otherwise by where the object first appears (`OrgsMembersListItem`). A field's type is
 * a built-in scalar, an enum, another object, a list of one of them, or `JSON`.
 */
import type { z } from 'zod';
import type { Builder } from '../builder';
import type { EnumTypes } from './enum-types';
import type { Resource } from './resource';
import { builtinScalarOf } from './scalar-types';
import { isFieldName, pascal, type TypeNames } from './type-names';
import type {
  ObjectFieldBuilder,
  ObjectFields,
  ObjectTypeRef,
  OutputFieldType,
  OutputTypeRef,
} from './type-refs';
import { outputTypeOptions } from './typed-fields';
import { defOf, descriptionOf, elementOf, idOf, shapeOf, unwrap } from './zod-definitions';

export class ObjectTypes {
  readonly #objects = new Map<z.ZodType, ObjectTypeRef>();

  constructor(
    private readonly builder: Builder,
    private readonly names: TypeNames,
    private readonly enums: EnumTypes,
    /** Fields that a relation took the name of, by object schema: field -> the name it keeps. */
    private readonly displaced: ReadonlyMap<z.ZodType, ReadonlyMap<string, string>>,
  ) {}

  /**
   * Serves an object schema with a type defined elsewhere (a Relay node), before any
   * field refers to it: every field of that schema's type then has this one.
   */
  useFor(schema: z.ZodObject, ref: ObjectTypeRef): void {
    this.#objects.set(schema, ref);
  }

  isDefined(schema: z.ZodObject): boolean {
    return this.#objects.has(schema);
  }

  /** The GraphQL type of an output (wrappers already unwrapped). */
  output(schema: z.ZodType, nameHint: string): OutputFieldType {
    const element = elementOf(schema);
    if (element) {
      const item = unwrap(element);
      return {
        type: this.scalarEnumOrObject(item.schema, nameHint),
        list: true,
        itemNullable: item.nullable,
      };
    }
    return { type: this.scalarEnumOrObject(schema, nameHint), list: false, itemNullable: false };
  }

  private scalarEnumOrObject(schema: z.ZodType, nameHint: string): OutputTypeRef {
    const scalar = builtinScalarOf(schema);
    if (scalar) return scalar;
    const { type } = defOf(schema);
    if (type === 'enum') return this.enums.of(schema, nameHint);
    if (type === 'object') return this.objectType(schema as z.ZodObject, nameHint);
    return 'JSON';
  }

  objectType(schema: z.ZodObject, nameHint: string): ObjectTypeRef {
    const existing = this.#objects.get(schema);
    if (existing) return existing;
    const name = this.names.claim(idOf(schema) ?? nameHint);
    const ref = this.builder.objectRef<Resource>(name);
    this.#objects.set(schema, ref);
    ref.implement({
      description: descriptionOf(schema),
      fields: (t) => this.fieldsOf(t, schema, name),
    });
    return ref;
  }

  /** The fields of an object type (of Relay node types too), but those in `skip`. */
  fieldsOf(
    t: ObjectFieldBuilder,
    schema: z.ZodObject,
    typeName: string,
    skip: ReadonlySet<string> = new Set(),
  ): ObjectFields {
    const fields: ObjectFields = {};
    for (const [key, fieldSchema] of Object.entries(shapeOf(schema))) {
      if (skip.has(key) || !isFieldName(key)) continue;
      const { schema: inner, nullable } = unwrap(fieldSchema);
      const name = this.displaced.get(schema)?.get(key) ?? key;
      fields[name] = t.field({
        ...outputTypeOptions(this.output(inner, `${typeName}${pascal(key)}`), nullable),
        description: descriptionOf(fieldSchema),
        // A field named as its key is marked exposed, as Pothos's `t.expose` does: it then has
        // no resolver, and graphql-jit reads the value inline instead of calling a resolver
        // with a resolve info for each value (a page of 100 members has about 900 of them).
        ...(name === key ? { extensions: { pothosExposedField: key } } : {}),
        resolve: (parent) => parent[key],
      });
    }
    return fields;
  }
}
