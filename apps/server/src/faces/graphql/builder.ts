/** The Pothos builder (types are generated from the operations' zod schemas elsewhere). */
import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import type { OperationContext } from '@quire/domain';
import { valueFromASTUntyped } from 'graphql';

export interface GraphqlContext {
  operationContext: OperationContext;
}

export type Builder = PothosSchemaTypes.SchemaBuilder<
  PothosSchemaTypes.ExtendDefaultTypes<{
    Context: GraphqlContext;
    Scalars: { JSON: { Input: unknown; Output: unknown } };
  }>
>;

export function createBuilder(): Builder {
  const builder = new SchemaBuilder<{
    Context: GraphqlContext;
    Scalars: { JSON: { Input: unknown; Output: unknown } };
  }>({
    plugins: [RelayPlugin],
    relay: { cursorType: 'String', clientMutationId: 'omit' },
  });
  builder.scalarType('JSON', {
    description: 'Any JSON value',
    serialize: (value) => value,
    parseValue: (value) => value,
    parseLiteral: (ast) => valueFromASTUntyped(ast),
  });
  builder.queryType({});
  builder.mutationType({});
  return builder;
}
