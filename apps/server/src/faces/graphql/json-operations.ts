/**
 * GraphQL operations sent as a plain JSON POST (`{query, variables?, operationName?}`),
 * executed with Yoga's own envelop pipeline (`yoga.getEnveloped`: the parse and validation
 * caches, the armor limits, JIT execution, error masking) but without Yoga's HTTP adapter,
 * which builds a WHATWG Request and Response around every call. Anything else (GET,
 * extensions, batching, subscriptions, other media types) is left to Yoga: this returns
 * undefined for it.
 */
import type { FastifyRequest } from 'fastify';
import { type DocumentNode, type ExecutionResult, GraphQLError, getOperationAST } from 'graphql';
import type { YogaServerInstance } from 'graphql-yoga';

export interface JsonOperationResponse {
  status: number;
  body: string;
}

interface Params {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

const PARAM_KEYS = new Set(['query', 'variables', 'operationName']);

function plainParams(body: unknown): Params | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const params = body as Record<string, unknown>;
  if (typeof params.query !== 'string' || Object.keys(params).some((key) => !PARAM_KEYS.has(key)))
    return undefined;
  if (params.variables != null && (typeof params.variables !== 'object' || Array.isArray(params.variables))) {
    return undefined;
  }
  if (params.operationName != null && typeof params.operationName !== 'string') return undefined;
  return params as unknown as Params;
}

const acceptsJson = (accept: string | undefined): boolean =>
  accept === undefined || accept.includes('application/json') || accept.includes('*/*');

/** Yoga keeps transport hints in `extensions.http`; they are not for clients. */
function withoutInternals(errors: readonly GraphQLError[]): unknown[] {
  return errors.map((error) => {
    const json = (
      typeof error.toJSON === 'function'
        ? error.toJSON()
        : { message: error.message, extensions: error.extensions }
    ) as { extensions?: Record<string, unknown> };
    if (json.extensions && 'http' in json.extensions) {
      const { http: _internal, ...extensions } = json.extensions;
      json.extensions = extensions;
    }
    return json;
  });
}

function serialize(result: ExecutionResult & { stringify?: (result: ExecutionResult) => string }): string {
  if (result.errors?.length) return JSON.stringify({ ...result, errors: withoutInternals(result.errors) });
  return typeof result.stringify === 'function' ? result.stringify(result) : JSON.stringify(result);
}

export async function answerJsonOperation<Context extends Record<string, unknown>>(
  // biome-ignore lint/suspicious/noExplicitAny: the Yoga instance's user context type is the caller's
  yoga: YogaServerInstance<Context, any>,
  request: FastifyRequest,
  serverContext: Context,
): Promise<JsonOperationResponse | undefined> {
  if (request.method !== 'POST' || !request.headers['content-type']?.startsWith('application/json'))
    return undefined;
  if (!acceptsJson(request.headers.accept)) return undefined;
  const params = plainParams(request.body);
  if (!params) return undefined;

  const enveloped = yoga.getEnveloped({ ...serverContext, params });
  let document: DocumentNode;
  try {
    document = enveloped.parse(params.query);
  } catch (error) {
    return { status: 200, body: serialize({ errors: [error as GraphQLError] }) };
  }
  const operation = getOperationAST(document, params.operationName ?? undefined);
  if (!operation || operation.operation === 'subscription') return undefined;
  let errors: readonly GraphQLError[];
  try {
    errors = enveloped.validate(enveloped.schema, document);
  } catch (error) {
    // Validation rules such as the armor limits throw their refusal.
    if (!(error instanceof GraphQLError)) throw error;
    errors = [error];
  }
  if (errors.length > 0) return { status: 200, body: serialize({ errors }) };
  const contextValue = await enveloped.contextFactory();
  const result = (await enveloped.execute({
    schema: enveloped.schema,
    document,
    contextValue,
    variableValues: params.variables ?? undefined,
    operationName: params.operationName ?? undefined,
  })) as ExecutionResult;
  if (Symbol.asyncIterator in result) return undefined;
  return { status: 200, body: serialize(result) };
}
