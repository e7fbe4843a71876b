/**
 * The TypeScript types of what the derivation hands around: the Pothos refs of derived
 * types, a field's type with its list wrapping, and the builders of fields and arguments.
 * Derived types have no TypeScript shape of their own (their fields are known only when
 * the zod schema is read), so an object is a `Resource` and a value `unknown`.
 */
import type { ArgBuilder } from '@pothos/core';
import type { SchemaTypes } from '../builder';
import type { Resource } from './resource';

/** The built-in scalars a zod scalar becomes; `JSON` stands for what GraphQL cannot express. */
export type ScalarName = 'String' | 'Int' | 'Float' | 'Boolean' | 'JSON';

export type ObjectTypeRef = PothosSchemaTypes.ObjectRef<SchemaTypes, Resource>;
export type InputObjectTypeRef = PothosSchemaTypes.InputObjectRef<SchemaTypes, Resource>;
export type EnumTypeRef = PothosSchemaTypes.EnumRef<SchemaTypes, string>;

export type OutputTypeRef = ScalarName | ObjectTypeRef | EnumTypeRef;
export type InputTypeRef = ScalarName | InputObjectTypeRef | EnumTypeRef;

/** The type of an output field: a type, or a list of it whose items may be null. */
export interface OutputFieldType {
  type: OutputTypeRef;
  list: boolean;
  itemNullable: boolean;
}

/** The type of an input field or argument: a type, or a list of it whose items may be required. */
export interface InputFieldType {
  type: InputTypeRef;
  list: boolean;
  itemRequired: boolean;
}

/** The fields of a derived object type, by GraphQL name. */
export type ObjectFields = Record<string, PothosSchemaTypes.FieldRef<SchemaTypes, unknown, 'Object'>>;

/** The fields of a derived input object type, by name. */
export type InputFields = Record<string, PothosSchemaTypes.InputFieldRef<SchemaTypes, unknown>>;

/** Arguments of a field, by name. */
export type Arguments = Record<string, PothosSchemaTypes.ArgumentRef<SchemaTypes, unknown>>;

/** `t.arg` of a field builder. */
export type ArgumentBuilder = ArgBuilder<SchemaTypes>;

export type ObjectFieldBuilder = PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, Resource>;
