/**
 * Scalars: the `JSON` scalar, and the built-in scalar each zod scalar becomes. Unions,
 * records and anything else without a GraphQL equivalent are `JSON` (a GraphQL union
 * cannot be an input, and holds objects only: `AppliedChange`, `PageBody` and the others
 * are served whole, as REST serves them, rather than as unions).
 */
import { valueFromASTUntyped } from 'graphql';
import type { z } from 'zod';
import type { Builder } from '../builder';
import type { ScalarName } from './type-refs';
import { defOf, isInt, literalValueOf } from './zod-definitions';

export function addJsonScalar(builder: Builder): void {
  builder.scalarType('JSON', {
    description: 'Any JSON value',
    serialize: (value) => value,
    parseValue: (value) => value,
    parseLiteral: (ast) => valueFromASTUntyped(ast),
  });
}

/** The scalar of a zod string, literal, number or boolean; undefined for other schemas. */
export function builtinScalarOf(schema: z.ZodType): Exclude<ScalarName, 'JSON'> | undefined {
  switch (defOf(schema).type) {
    case 'string':
    case 'literal':
      return typeof literalValueOf(schema) === 'number' ? 'Float' : 'String';
    case 'number':
      return isInt(schema) ? 'Int' : 'Float';
    case 'boolean':
      return 'Boolean';
    default:
      return undefined;
  }
}
