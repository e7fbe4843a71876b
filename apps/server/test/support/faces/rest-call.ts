/**
 * An operation called through its REST route: path parameters go into the path, the other
 * fields into the query string (GET, DELETE) or the JSON body. A query string carries text:
 * numbers and booleans are written as text, arrays comma-separated; objects cannot go there.
 */
import type { TestServer } from '../test-server';
import type { FaceCall, FaceResponse } from './face-call';
import { withRawFields } from './raw-fields';

export const hasBody = (method: string): boolean => method !== 'GET' && method !== 'DELETE';

const queryText = (name: string, value: unknown): string => {
  if (Array.isArray(value)) return value.map((item) => queryText(name, item)).join(',');
  if (value !== null && typeof value === 'object') {
    throw new Error(`rest call: ${name} is an object, which a query string cannot carry`);
  }
  return String(value);
};

/** The path of the route with the input's path parameters, and the fields left. */
export function restPathOf(
  path: string,
  input: Record<string, unknown>,
): { path: string; fields: Record<string, unknown> } {
  const fields = { ...input };
  const concrete = path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = fields[name];
    delete fields[name];
    return encodeURIComponent(value === undefined ? `missing-${name}` : String(value));
  });
  return { path: concrete, fields };
}

export async function callRest(server: TestServer, call: FaceCall): Promise<FaceResponse> {
  const { route } = call;
  const { path, fields } = restPathOf(route.path, call.input);
  let url = path;
  let rawBody: string | undefined;
  if (hasBody(route.method)) {
    if (Object.keys(fields).length > 0 || call.rawFields !== undefined) {
      rawBody = withRawFields(fields, call.rawFields);
    }
  } else {
    if (call.rawFields !== undefined)
      throw new Error(`rest call: ${route.method} has no body for raw fields`);
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined) query.append(name, queryText(name, value));
    }
    if ([...query].length > 0) url += `?${query}`;
  }
  const response = await server.api(url, {
    method: route.method,
    token: call.token,
    ...(rawBody === undefined ? {} : { rawBody }),
  });
  const body = response.body;
  const formatProblems: string[] = [];
  if (response.status < 400) {
    return { face: 'rest', status: response.status, data: body, body, formatProblems };
  }
  const error = body?.error;
  if (error?.code !== response.status) {
    formatProblems.push(`error.code ${JSON.stringify(error?.code)} is not the status ${response.status}`);
  }
  return {
    face: 'rest',
    status: response.status,
    body,
    formatProblems,
    error: {
      message: typeof error?.message === 'string' ? error.message : JSON.stringify(body),
      code: error?.type,
      fields: Array.isArray(error?.issues) ? error.issues.map((issue: { field: string }) => issue.field) : [],
    },
  };
}
