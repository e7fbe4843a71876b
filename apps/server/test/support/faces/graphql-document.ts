/**
 * The GraphQL request for an operation and an input: the operation's field (`graphqlFieldName`)
 * with one variable per input field, each declared with the type of the field's argument in
 * the schema the server serves (`buildGraphqlSchema()`), so inputs travel as typed JSON. List
 * operations are connections: `limit` and `page` become `first` and `after`. A field the
 * schema does not have is sent as an argument of type JSON (GraphQL then refuses it by name).
 * The selection is the least that runs the resolver: `totalCount` of a connection,
 * `__typename` of an object, nothing for a scalar.
 */
import type { AnyOperation } from '@quire/domain';
import {
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
} from 'graphql';
import { buildGraphqlSchema } from '../../../src/faces/graphql/schema';
import { graphqlFieldName } from '../../../src/faces/graphql/schema/operation-fields';

let schema: GraphQLSchema | undefined;
/** The schema, built once per test file (the server builds its own, identical). */
export const graphqlSchema = (): GraphQLSchema => {
  schema ??= buildGraphqlSchema();
  return schema;
};

const CONNECTION_ARGUMENTS: Record<string, string> = { limit: 'first', page: 'after' };
const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

export interface GraphqlDocument {
  fieldName: string;
  query: string;
  variables: Record<string, unknown>;
}

function fieldOf(op: AnyOperation): GraphQLField<unknown, unknown> {
  const root = op.kind === 'query' ? graphqlSchema().getQueryType() : graphqlSchema().getMutationType();
  const field = root?.getFields()[graphqlFieldName(op.name)];
  if (!field) throw new Error(`graphql: no field for ${op.name}`);
  return field;
}

const isConnection = (field: GraphQLField<unknown, unknown>): boolean => {
  const type = getNamedType(field.type);
  return isObjectType(type) && 'edges' in type.getFields() && 'totalCount' in type.getFields();
};

/** The name of the GraphQL argument that carries an input field of the operation. */
export function graphqlArgumentName(op: AnyOperation, inputField: string): string {
  return isConnection(fieldOf(op)) ? (CONNECTION_ARGUMENTS[inputField] ?? inputField) : inputField;
}

/** A JSON value as the variable of a GraphQL input type wants it: enum values by their GraphQL names. */
function variableValue(value: unknown, type: GraphQLInputType | undefined): unknown {
  if (type === undefined || value === null || value === undefined) return value;
  if (isNonNullType(type)) return variableValue(value, type.ofType);
  if (isListType(type)) {
    return Array.isArray(value)
      ? value.map((item) => variableValue(item, type.ofType))
      : variableValue(value, type.ofType);
  }
  if (isEnumType(type)) {
    return typeof value === 'string'
      ? (type.getValues().find((v) => v.value === value)?.name ?? value)
      : value;
  }
  if (isInputObjectType(type) && typeof value === 'object' && !Array.isArray(value)) {
    const fields = type.getFields();
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        key,
        variableValue(item, fields[key]?.type),
      ]),
    );
  }
  return value;
}

export function graphqlDocumentFor(op: AnyOperation, input: Record<string, unknown>): GraphqlDocument {
  const field = fieldOf(op);
  const fieldName = graphqlFieldName(op.name);
  const connection = isConnection(field);
  const declarations: string[] = [];
  const args: string[] = [];
  const variables: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const name = connection ? (CONNECTION_ARGUMENTS[key] ?? key) : key;
    if (!GRAPHQL_NAME.test(name)) throw new Error(`graphql: ${key} cannot be a GraphQL argument`);
    const argument = field.args.find((arg) => arg.name === name);
    declarations.push(`$${name}: ${argument ? String(argument.type) : 'JSON'}`);
    args.push(`${name}: $${name}`);
    variables[name] = variableValue(value, argument?.type);
  }
  const returned = getNamedType(field.type);
  const selection = connection
    ? ' { totalCount }'
    : isObjectType(returned) || isInterfaceType(returned) || isUnionType(returned)
      ? ' { __typename }'
      : '';
  const head = declarations.length > 0 ? `(${declarations.join(', ')})` : '';
  const call = args.length > 0 ? `(${args.join(', ')})` : '';
  return {
    fieldName,
    query: `${op.kind === 'query' ? 'query' : 'mutation'} Call${head} { ${fieldName}${call}${selection} }`,
    variables,
  };
}
