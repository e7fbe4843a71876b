/**
 * GitBook's official client (`@gitbook/api`), unchanged, pointed at a test server. Its
 * `serviceBinding` is a fetch that records every exchange (a clone of the response is read,
 * so the client sees the untouched response), so each call can be checked against the
 * published document: the operation it hit, the status, and the body.
 */
import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { expect } from 'vitest';
import {
  errorSchema,
  matchesTemplate,
  responseSchema,
  specOperation,
  undeclaredProperties,
  validateAgainst,
} from './openapi-spec';

export interface Exchange {
  method: string;
  /** Path relative to `/v1`, without the query. */
  path: string;
  status: number;
  contentType: string | null;
  /** Parsed JSON, the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
}

export interface OfficialClient {
  api: GitBookAPI;
  exchanges: Exchange[];
  /** The most recent exchange. */
  last(): Exchange;
}

/**
 * `endpoint` is the server's origin: the client appends `/v1` itself (its constructor sets
 * `baseUrl` to `${endpoint}/v1`), so `${server.url}/v1` would request `/v1/v1/...`.
 */
export function officialClient(serverUrl: string, authToken?: string): OfficialClient {
  const exchanges: Exchange[] = [];
  const recordingFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const text = await response.clone().text();
    const contentType = response.headers.get('content-type');
    let body: unknown = text === '' ? undefined : text;
    if (text !== '' && contentType?.includes('json')) body = JSON.parse(text);
    exchanges.push({
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/v1(?=\/)/, ''),
      status: response.status,
      contentType,
      body,
    });
    return response;
  };
  const api = new GitBookAPI({ endpoint: serverUrl, authToken, serviceBinding: { fetch: recordingFetch } });
  return {
    api,
    exchanges,
    last() {
      const exchange = exchanges.at(-1);
      if (!exchange) throw new Error('the client made no request');
      return exchange;
    },
  };
}

/**
 * The exchange is the documented operation, answered with `status` (which the document must
 * list for it), and its body validates against the document's schema for that status (no
 * body when the document shows none).
 */
export function expectConforms(exchange: Exchange, operationId: string, status: number): void {
  const operation = specOperation(operationId);
  const where = `${operationId} (${operation.method} ${operation.path})`;
  expect(`${exchange.method} ${matchesTemplate(operation.path, exchange.path)}`, `${where}: request`).toBe(
    `${operation.method} true`,
  );
  expect(operation.statuses, `${where}: the document lists ${status}`).toContain(String(status));
  expect(exchange.status, `${where}: status; body ${JSON.stringify(exchange.body)}`).toBe(status);
  const schema = responseSchema(operationId, status);
  if (schema === null) {
    expect(exchange.body, `${where}: no body`).toBeUndefined();
    return;
  }
  expect(exchange.contentType ?? '', `${where}: content type`).toContain('application/json');
  expect(validateAgainst(schema, exchange.body), `${where}: ${status} body against the document`).toEqual([]);
  // QUIRE_SPEC_EXTRAS=1 lists the fields Quire sends that the document does not declare.
  if (process.env.QUIRE_SPEC_EXTRAS) {
    const extras = undeclaredProperties(schema, exchange.body);
    if (extras.length > 0) console.info(`[spec extras] ${operationId}: ${extras.join(', ')}`);
  }
}

/**
 * Like `expectConforms`, where the interface document gives the operation another success
 * status than GitBook's published document (`addSectionToGroup`: 200 there, 201 here): the
 * status is the interface document's, the body is checked against the published one.
 */
export function expectConformsWithStatus(
  exchange: Exchange,
  operationId: string,
  status: number,
  documentedStatus: number,
): void {
  const operation = specOperation(operationId);
  const where = `${operationId} (${operation.method} ${operation.path})`;
  expect(`${exchange.method} ${matchesTemplate(operation.path, exchange.path)}`, `${where}: request`).toBe(
    `${operation.method} true`,
  );
  expect(exchange.status, `${where}: status; body ${JSON.stringify(exchange.body)}`).toBe(status);
  const schema = responseSchema(operationId, documentedStatus);
  expect(schema, `${where}: the document shows a body for ${documentedStatus}`).not.toBeNull();
  expect(validateAgainst(schema!, exchange.body), `${where}: body against the document`).toEqual([]);
}

/**
 * What the exchange's body breaks of the document, for a documented operation answered with
 * `status`: the validator's messages (none when the body conforms). For the known
 * mismatches, which a test then states exactly, so that any other failure (a 500 above
 * all, or a new mismatch) fails it.
 */
export function documentMismatches(exchange: Exchange, operationId: string, status: number): string[] {
  const operation = specOperation(operationId);
  const where = `${operationId} (${operation.method} ${operation.path})`;
  expect(`${exchange.method} ${matchesTemplate(operation.path, exchange.path)}`, `${where}: request`).toBe(
    `${operation.method} true`,
  );
  expect(exchange.status, `${where}: status; body ${JSON.stringify(exchange.body)}`).toBe(status);
  const schema = responseSchema(operationId, status);
  return schema === null ? [] : validateAgainst(schema, exchange.body);
}

/**
 * The call was refused with `status`: the client threw its GitBookAPIError carrying the
 * status and the server's message, and the body is the document's error shape for that
 * status (the operation's own documented response when it has one).
 */
export async function expectClientError(
  client: OfficialClient,
  call: Promise<unknown>,
  operationId: string,
  status: number,
): Promise<GitBookAPIError> {
  const error = await call.then(
    () => {
      throw new Error(`${operationId}: expected a ${status}, the call succeeded`);
    },
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(GitBookAPIError);
  const apiError = error as GitBookAPIError;
  expect(apiError.code).toBe(status);
  const exchange = client.last();
  const operation = specOperation(operationId);
  expect(matchesTemplate(operation.path, exchange.path), `${operationId}: request path`).toBe(true);
  expect(exchange.status).toBe(status);
  const documented = operation.statuses.includes(String(status)) ? responseSchema(operationId, status) : null;
  const schema = documented ?? errorSchema(status);
  expect(
    validateAgainst(schema, exchange.body),
    `${operationId}: ${status} body against the document`,
  ).toEqual([]);
  const body = exchange.body as { error: { code: number; message: string } };
  expect(body.error.code).toBe(status);
  expect(apiError.errorMessage).toBe(body.error.message);
  return apiError;
}
