import type { AnyOperation } from '@quire/domain';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One line of the REST route table: a path of the interface and the operation it calls. */
export interface RestRoute {
  method: HttpMethod;
  /** Fastify path syntax, e.g. `/v1/orgs/:organizationId/members`. */
  path: string;
  operation: AnyOperation;
  /** Success status: default 200, or 204 for operations whose output is null. */
  status?: number;
  /**
   * The OpenAPI operation id when the operation serves more than one path (a space's
   * current content and one of its revisions): each path needs its own. Default: the
   * operation's name.
   */
  operationId?: string;
  /**
   * The path's last parameter takes the rest of the path, slashes included (GitBook's
   * `content/path/{pagePath}` with nested paths sent as they are: `guides/install`).
   */
  lastParamTakesSlashes?: true;
  /**
   * A success answered with no body, its status from the output (GitBook's delete of a
   * Git installation: 205 when it removed one, 204 when there was none).
   */
  bodilessStatus?: (output: unknown) => number;
  /** The `Location` header of a success, from the input and the output (GitBook's 201s carry one). */
  location?: (input: unknown, output: unknown) => string | undefined;
  /**
   * The cache tags of a success (`http/cache-tags.ts`) when they come from the answer rather
   * than the path (the published URL lookup). Default: a GET's tags from its path's ids.
   */
  cacheTags?: (input: unknown, output: unknown) => readonly string[];
  /**
   * Inputs of a route with a body that GitBook's document sends in the query (a POST search's
   * `page` and `limit`): documented as query parameters. The REST face reads inputs from the
   * path, the query and the body alike, so this changes only the document.
   */
  queryInputs?: readonly string[];
  /**
   * The output (a list) is answered as server-sent events, one per item (`event-stream.ts`),
   * as GitBook streams the read (its site's suggested questions).
   */
  eventStream?: true;
}

export const route = (
  method: HttpMethod,
  path: string,
  operation: AnyOperation,
  status?: number,
): RestRoute => (status === undefined ? { method, path, operation } : { method, path, operation, status });

/** A second path for an operation, under its own OpenAPI operation id. */
export const aliasRoute = (
  method: HttpMethod,
  path: string,
  operation: AnyOperation,
  operationId: string,
): RestRoute => ({ method, path, operation, operationId });
