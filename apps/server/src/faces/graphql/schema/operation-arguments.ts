/** An operation's input fields as the arguments of its field (root field or relation). */
import type { AnyOperation } from '@quire/domain';
import type { z } from 'zod';
import type { InputTypes } from './input-types';
import { pascal } from './type-names';
import type { ArgumentBuilder, Arguments } from './type-refs';
import { inputTypeOptions } from './typed-fields';
import { defOf, descriptionOf, shapeOf, unwrap } from './zod-definitions';

/** The operation's input fields as arguments, but those in `skip`. */
export function argumentsOf(
  arg: ArgumentBuilder,
  op: AnyOperation,
  inputs: InputTypes,
  skip: ReadonlySet<string>,
): Arguments {
  const args: Arguments = {};
  const input = unwrap(op.input).schema;
  if (defOf(input).type !== 'object') return args;
  for (const [key, fieldSchema] of Object.entries(shapeOf(input as z.ZodObject))) {
    if (skip.has(key)) continue;
    const { schema, nullable } = unwrap(fieldSchema);
    args[key] = arg({
      ...inputTypeOptions(inputs.input(schema, `${pascal(op.name)}${pascal(key)}`), !nullable),
      description: descriptionOf(fieldSchema),
    });
  }
  return args;
}
