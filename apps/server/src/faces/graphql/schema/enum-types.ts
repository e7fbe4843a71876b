/**
 * Enum types from zod string enums, one per schema, shared by outputs and inputs. Their
 * GraphQL value names are sanitized (`share-link` -> `share_link`) while their values stay
 * the wire values. An enum of numbers is `JSON`.
 */
import type { z } from 'zod';
import type { Builder } from '../builder';
import { enumValueName, type TypeNames } from './type-names';
import type { EnumTypeRef } from './type-refs';
import { defOf, descriptionOf, idOf } from './zod-definitions';

export class EnumTypes {
  readonly #enums = new Map<z.ZodType, EnumTypeRef>();

  constructor(
    private readonly builder: Builder,
    private readonly names: TypeNames,
  ) {}

  /** The enum type of a zod enum, named by its `.meta({ id })` or `<nameHint>Enum`. */
  of(schema: z.ZodType, nameHint: string): EnumTypeRef | 'JSON' {
    const existing = this.#enums.get(schema);
    if (existing) return existing;
    const entries = Object.values(defOf(schema).entries as Record<string, string | number>);
    const values = entries.filter((value) => typeof value === 'string');
    if (values.length !== entries.length) return 'JSON';
    const ref = this.builder.enumType(this.names.claim(idOf(schema) ?? `${nameHint}Enum`), {
      description: descriptionOf(schema),
      values: Object.fromEntries(values.map((value) => [enumValueName(value), { value }])),
    });
    this.#enums.set(schema, ref);
    return ref;
  }
}
