/**
 * Input object types from zod object schemas, for arguments, one per schema: named by
 * where the object first appears (`SitesSectionsMovePositionInput`), since the
 * `.meta({ id })` name is the output type's. An input field's type is a built-in scalar,
 * an enum, another input object, a list of one of them, or `JSON`.
 */
import type { z } from 'zod';
import type { Builder } from '../builder';
import type { EnumTypes } from './enum-types';
import { builtinScalarOf } from './scalar-types';
import { isFieldName, pascal, type TypeNames } from './type-names';
import type { InputFields, InputFieldType, InputObjectTypeRef, InputTypeRef } from './type-refs';
import { inputTypeOptions } from './typed-fields';
import { defOf, descriptionOf, elementOf, shapeOf, unwrap } from './zod-definitions';

export class InputTypes {
  readonly #inputs = new Map<z.ZodType, InputObjectTypeRef>();

  constructor(
    private readonly builder: Builder,
    private readonly names: TypeNames,
    private readonly enums: EnumTypes,
  ) {}

  /** The GraphQL type of an input (wrappers already unwrapped). */
  input(schema: z.ZodType, nameHint: string): InputFieldType {
    const element = elementOf(schema);
    if (element) {
      const item = unwrap(element);
      return {
        type: this.scalarEnumOrObject(item.schema, nameHint),
        list: true,
        itemRequired: !item.nullable,
      };
    }
    return { type: this.scalarEnumOrObject(schema, nameHint), list: false, itemRequired: true };
  }

  private scalarEnumOrObject(schema: z.ZodType, nameHint: string): InputTypeRef {
    const scalar = builtinScalarOf(schema);
    if (scalar) return scalar;
    const { type } = defOf(schema);
    if (type === 'enum') return this.enums.of(schema, nameHint);
    if (type === 'object') return this.inputObjectType(schema as z.ZodObject, nameHint);
    return 'JSON';
  }

  private inputObjectType(schema: z.ZodObject, nameHint: string): InputObjectTypeRef {
    const existing = this.#inputs.get(schema);
    if (existing) return existing;
    const ref = this.builder.inputType(this.names.claim(`${nameHint}Input`), {
      description: descriptionOf(schema),
      fields: (t) => {
        const fields: InputFields = {};
        for (const [key, fieldSchema] of Object.entries(shapeOf(schema))) {
          if (!isFieldName(key)) continue;
          const { schema: inner, nullable } = unwrap(fieldSchema);
          fields[key] = t.field({
            ...inputTypeOptions(this.input(inner, `${nameHint}${pascal(key)}`), !nullable),
            description: descriptionOf(fieldSchema),
          });
        }
        return fields;
      },
    });
    this.#inputs.set(schema, ref);
    return ref;
  }
}
