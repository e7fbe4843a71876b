/**
 * Variables, as GitBook has them: a space's (the revision's `variables`) and a page's (the
 * page's `variables`), each a map of names to a string of at most 256 characters, a number
 * or a boolean, read by expressions (`{{ space.vars.name }}`, `{{ page.vars.name }}`).
 *
 * Names are identifiers (a letter or `_`, then letters, digits or `_`, at most 64): what an
 * expression can name after `vars.`, and safe as a field name of a stored document (no `.`,
 * no `$`, never `__proto__`). At most 100 variables in one map.
 */
import { z } from 'zod';
import type { VariablesObject, VariableValues } from '../revisions/records';

export const MAX_VARIABLES = 100;

const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

export const VariableNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a letter or "_", then letters, digits or "_"')
  .refine((name) => !RESERVED_NAMES.has(name), { message: 'a reserved name' })
  .describe('Name of a variable');

export const VariableValueSchema = z
  .union([z.string().max(256), z.number().finite(), z.boolean()])
  .describe('A string (at most 256 characters), a number or a boolean');

const withinLimit = (values: Record<string, unknown>) => Object.keys(values).length <= MAX_VARIABLES;

/** Variables as resources show them (GitBook's `Variables`). */
export const VariablesSchema = z
  .record(z.string(), VariableValueSchema)
  .describe('Variables by name: strings, numbers or booleans');

/** Variables as a request sets them: a value sets one, null removes it. */
export const VariablesPatchSchema = z
  .record(VariableNameSchema, VariableValueSchema.nullable())
  .refine(withinLimit, { message: `at most ${MAX_VARIABLES} variables` })
  .describe('Variables to set by name (null removes one); the others stay as they are');

/** Variables as a request gives them whole (a page's new variables). */
export const VariablesInputSchema = z
  .record(VariableNameSchema, VariableValueSchema)
  .refine(withinLimit, { message: `at most ${MAX_VARIABLES} variables` })
  .describe('Variables by name: strings (at most 256 characters), numbers or booleans');

/**
 * The variables with their names in order (one set of variables, one address), built on an
 * object without a prototype so no name reaches one.
 */
export function orderedVariables(
  values: Readonly<Record<string, string | number | boolean>>,
): VariableValues {
  const ordered: Record<string, string | number | boolean> = Object.create(null);
  for (const name of Object.keys(values).sort()) ordered[name] = values[name] as string | number | boolean;
  return { ...ordered };
}

/** `values` with `patch` applied: a value set, null removed. */
export function patchedVariables(
  values: VariableValues,
  patch: Readonly<Record<string, string | number | boolean | null>>,
): VariableValues {
  const next: Record<string, string | number | boolean> = { ...values };
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete next[name];
    else next[name] = value;
  }
  return orderedVariables(next);
}

/** The stored object of a space's variables. */
export function variablesObject(values: VariableValues): VariablesObject {
  return { kind: 'variables', values: orderedVariables(values) };
}

export const hasVariables = (values: VariableValues | undefined): values is VariableValues =>
  values !== undefined && Object.keys(values).length > 0;

/** Whether two sets of variables hold the same names and values. */
export function sameVariables(a: VariableValues | undefined, b: VariableValues | undefined): boolean {
  const left = a ?? {};
  const right = b ?? {};
  const names = Object.keys(left);
  return names.length === Object.keys(right).length && names.every((name) => left[name] === right[name]);
}
