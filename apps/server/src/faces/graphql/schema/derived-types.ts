/**
 * The types derived from the operations' zod schemas, for one schema built: objects and
 * inputs share the enums (a zod enum is one GraphQL enum wherever it appears) and the
 * names (unique in the schema, claimed in the order types are first met).
 */
import type { z } from 'zod';
import type { Builder } from '../builder';
import { EnumTypes } from './enum-types';
import { InputTypes } from './input-types';
import { ObjectTypes } from './object-types';
import { TypeNames } from './type-names';

export interface DerivedTypes {
  readonly objects: ObjectTypes;
  readonly inputs: InputTypes;
}

export function derivedTypes(
  builder: Builder,
  /** Fields that a relation took the name of, by object schema: field -> the name it keeps. */
  displaced: ReadonlyMap<z.ZodType, ReadonlyMap<string, string>>,
): DerivedTypes {
  const names = new TypeNames();
  const enums = new EnumTypes(builder, names);
  return {
    objects: new ObjectTypes(builder, names, enums, displaced),
    inputs: new InputTypes(builder, names, enums),
  };
}
