/**
 * GraphQL operations sent as a plain JSON POST (`{query, variables?, operationName?}`) or a
 * GET with the same parameters in the query string (queries only), answered without Yoga's
 * HTTP adapter, which builds a WHATWG Request and Response around every call. Both ways
 * answer errors alike. Anything else (extensions, batching, other media types) is left to
 * Yoga: `answer` returns undefined for it.
 *
 * The first call of a document goes through Yoga's own envelop pipeline
 * (`yoga.getEnveloped`: the parse and validation caches, the armor limits, JIT execution,
 * error masking). Once a document of one operation has validated, its later calls run the
 * compiled query directly with the request's context (`prepared-operations.ts`): the
 * pipeline's per-call plugins would only find their cached answers again, through a
 * context, hooks and promise helpers per call. What depends on the call is done per call:
 * the variables are coerced by the compiled query, queries and mutations are told apart
 * (a GET runs queries only), every operation field is charged and runs through the
 * request's operation loader, and errors are masked as Yoga masks them.
 */
import type { FastifyRequest } from 'fastify';
import { type DocumentNode, type ExecutionResult, GraphQLError, getOperationAST } from 'graphql';
import type { YogaServerInstance } from 'graphql-yoga';
import { parseJsonText } from '../../http/json-text';
import type { PreparedOperations } from './prepared-operations';

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
  if (typeof params.query !== 'string') return undefined;
  // A parsed JSON object has no inherited enumerable keys: `for...in` sees its own, without an array.
  for (const key in params) if (!PARAM_KEYS.has(key)) return undefined;
  if (params.variables != null && (typeof params.variables !== 'object' || Array.isArray(params.variables))) {
    return undefined;
  }
  if (params.operationName != null && typeof params.operationName !== 'string') return undefined;
  return params as unknown as Params;
}

/** A GET's parameters: `query`, `variables` (JSON text), `operationName`. */
function queryStringParams(query: Record<string, unknown>): Params | { refusal: string } | undefined {
  if (typeof query.query !== 'string' || Object.keys(query).some((key) => !PARAM_KEYS.has(key)))
    return undefined;
  if (query.operationName !== undefined && typeof query.operationName !== 'string') return undefined;
  const params: Params = { query: query.query };
  if (query.operationName !== undefined) params.operationName = query.operationName as string;
  if (query.variables !== undefined) {
    const parsed = typeof query.variables === 'string' ? parseJsonText(query.variables) : undefined;
    if (!parsed?.ok || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
      return { refusal: 'variables: not a JSON object' };
    }
    params.variables = parsed.value as Record<string, unknown> | null;
  }
  return params;
}

/** A refusal in GraphQL's error format, with the status REST would answer. */
const refusal = (status: number, message: string): JsonOperationResponse => ({
  status,
  body: JSON.stringify({ errors: [{ message, extensions: { code: 'validation', httpStatus: status } }] }),
});

function paramsOf(request: FastifyRequest): Params | JsonOperationResponse | undefined {
  if (request.method === 'GET') {
    const params = queryStringParams(request.query as Record<string, unknown>);
    return params && 'refusal' in params ? refusal(400, params.refusal) : params;
  }
  if (request.method !== 'POST' || !request.headers['content-type']?.startsWith('application/json'))
    return undefined;
  return plainParams(request.body);
}

const acceptsJson = (accept: string | undefined): boolean =>
  accept === undefined || accept.includes('application/json') || accept.includes('*/*');

/**
 * Errors as clients get them: Yoga's transport hints (`extensions.http`) removed, and a
 * code on every error (a document that does not parse or validate is bad input: 400).
 */
function withoutInternals(errors: readonly GraphQLError[]): unknown[] {
  return errors.map((error) => {
    const json = (
      typeof error.toJSON === 'function'
        ? error.toJSON()
        : { message: error.message, extensions: error.extensions }
    ) as { extensions?: Record<string, unknown> };
    const { http: _internal, ...extensions } = json.extensions ?? {};
    // Without a code, an error was raised by GraphQL itself on the document (it does not
    // parse, a variable has the wrong type): bad input. Validation rules name theirs
    // (GRAPHQL_VALIDATION_FAILED, the armor limits) but not the status REST would answer.
    if (extensions.code === undefined) extensions.code = 'validation';
    if (extensions.httpStatus === undefined && extensions.code !== 'INTERNAL_SERVER_ERROR') {
      extensions.httpStatus = 400;
    }
    json.extensions = extensions;
    return json;
  });
}

function serialize(result: ExecutionResult & { stringify?: (result: ExecutionResult) => string }): string {
  if (result.errors?.length) return JSON.stringify({ ...result, errors: withoutInternals(result.errors) });
  return typeof result.stringify === 'function' ? result.stringify(result) : JSON.stringify(result);
}

/**
 * A request's contexts, made when its path is known: `serverContext` is Yoga's for
 * envelop's path (whose resolvers always gather reads: its document is not known before it
 * runs); `contextValue` what the resolvers of a prepared document get (the one Yoga's
 * context option makes of the server's), gathering reads side by side or not as the
 * document needs (`reads-side-by-side.ts`).
 */
export interface OperationContexts<Context> {
  serverContext(): Context;
  contextValue(gathers: boolean): object;
}

/** Masks an error of an execution as Yoga's `maskedErrors` does (and logs what it hides). */
export type MaskError = (error: GraphQLError) => GraphQLError;

const GET_MUTATION = 'Mutations are sent with POST, not GET';

export class JsonOperations<Context extends object> {
  // biome-ignore lint/suspicious/noExplicitAny: the Yoga instance's user context type is the caller's
  readonly #yoga: YogaServerInstance<Context, any>;
  readonly #prepared: PreparedOperations;
  readonly #maskError: MaskError;

  constructor(
    // biome-ignore lint/suspicious/noExplicitAny: the Yoga instance's user context type is the caller's
    yoga: YogaServerInstance<Context, any>,
    prepared: PreparedOperations,
    maskError: MaskError,
  ) {
    this.#yoga = yoga;
    this.#prepared = prepared;
    this.#maskError = maskError;
  }

  /** The answer to a plain call, or undefined for Yoga to answer. */
  async answer(
    request: FastifyRequest,
    contexts: OperationContexts<Context>,
  ): Promise<JsonOperationResponse | undefined> {
    if (!acceptsJson(request.headers.accept)) return undefined;
    const params = paramsOf(request);
    if (!params || 'status' in params) return params;
    const prepared = this.#prepared.find(params.query);
    if (!prepared || (params.operationName != null && params.operationName !== prepared.name)) {
      return this.#throughEnvelop(request, params, contexts.serverContext());
    }
    // GraphQL over HTTP: a GET must not change anything.
    if (request.method === 'GET' && prepared.kind === 'mutation') return refusal(405, GET_MUTATION);
    const contextValue = contexts.contextValue(prepared.gathers);
    const result = await prepared.compiled.query(undefined, contextValue, params.variables ?? undefined);
    if (result.errors?.length) {
      return { status: 200, body: serialize({ ...result, errors: result.errors.map(this.#maskError) }) };
    }
    return { status: 200, body: prepared.compiled.stringify(result) };
  }

  async #throughEnvelop(
    request: FastifyRequest,
    params: Params,
    serverContext: Context,
  ): Promise<JsonOperationResponse | undefined> {
    const enveloped = this.#yoga.getEnveloped({ ...serverContext, params });
    let document: DocumentNode;
    try {
      document = enveloped.parse(params.query);
    } catch (error) {
      return { status: 200, body: serialize({ errors: [error as GraphQLError] }) };
    }
    const operation = getOperationAST(document, params.operationName ?? undefined);
    if (!operation) return undefined;
    // GraphQL over HTTP: a GET must not change anything.
    if (request.method === 'GET' && operation.operation === 'mutation') return refusal(405, GET_MUTATION);
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
    // Validated, and compiled by this execution: later calls of the text run it directly.
    this.#prepared.prepare(params.query, document, enveloped.schema);
    return { status: 200, body: serialize(result) };
  }
}
