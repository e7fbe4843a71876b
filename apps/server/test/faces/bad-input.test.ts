/**
 * Every REST route refuses bad input with a 400 whose body names the field, before any
 * permission check can hide it. (The operations validate before they look anything up.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../../src/faces/rest/route-table';
import { badInputCases, concretePath } from '../support/bad-input';
import { createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  // An instance administrator passes the access check of /admin operations too.
  token = (await createUser(server, { isInstanceAdmin: true })).token;
});
afterAll(() => server.close());

describe.each(restRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
  '%s',
  (_title, route) => {
    const cases = badInputCases(route);
    it.each(cases.map((c) => [c.title, c] as const))(
      'refuses %s with a 400 naming it',
      async (_t, badCase) => {
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        let path = concretePath(route);
        const request: { method: string; token: string; body?: unknown; rawBody?: string } = {
          method: route.method,
          token,
        };
        if (badCase.rawBody !== undefined) request.rawBody = badCase.rawBody;
        else if (hasBody) request.body = badCase.values;
        else {
          const query = new URLSearchParams(
            Object.entries(badCase.values ?? {}).map(([k, v]) => [k, String(v)] as [string, string]),
          );
          path += `?${query}`;
        }
        const response = await server.api(path, request);
        expect(response.status, JSON.stringify(response.body)).toBe(400);
        expect(response.body.error.code).toBe(400);
        if (badCase.field) expect(response.body.error.message).toContain(badCase.field);
      },
    );
  },
);
