/**
 * The `type` and nullability of fields, input fields and arguments of derived types, as
 * Pothos takes them: a type or a list of it, and whether the value (the list, its items)
 * may be null. Their values being known only at run time, Pothos types a field's value as
 * `unknown`, which is what the operations return.
 */
import type { InputFieldType, InputTypeRef, OutputFieldType, OutputTypeRef } from './type-refs';

export interface OutputTypeOptions {
  type: OutputTypeRef | [OutputTypeRef];
  nullable: boolean | { list: boolean; items: boolean };
}

export interface InputTypeOptions {
  type: InputTypeRef | [InputTypeRef];
  required: boolean | { list: boolean; items: boolean };
}

/** `type` and `nullable` of an output field of this type (a list, and its items, nullable apart). */
export const outputTypeOptions = (
  { type, list, itemNullable }: OutputFieldType,
  nullable: boolean,
): OutputTypeOptions =>
  list ? { type: [type], nullable: { list: nullable, items: itemNullable } } : { type, nullable };

/** `type` and `required` of an argument or input field of this type. */
export const inputTypeOptions = (
  { type, list, itemRequired }: InputFieldType,
  required: boolean,
): InputTypeOptions =>
  list ? { type: [type], required: { list: required, items: itemRequired } } : { type, required };
