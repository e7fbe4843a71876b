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
}

export const route = (
  method: HttpMethod,
  path: string,
  operation: AnyOperation,
  status?: number,
): RestRoute => (status === undefined ? { method, path, operation } : { method, path, operation, status });
