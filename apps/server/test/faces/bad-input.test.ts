/**
 * Every route refuses bad input with a 400 whose message names the field, before any
 * permission check can hide it, on each of the three faces, and never answers a 500. The
 * cases come from the input schemas (`support/bad-input.ts`); the route table decides which
 * routes there are, so a new route is covered as soon as it exists.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { restRoutes } from '../../src/faces/rest/route-table';
import { badInputCases, validInputOf } from '../support/bad-input';
import { callFace, routeKey } from '../support/faces/call-faces';
import { describeResponse } from '../support/faces/face-call';
import { graphqlArgumentName } from '../support/faces/graphql-document';
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

// Side by side (Vitest's maxConcurrency, 5 at a time): a case writes nothing (each is refused
// before any write), so cases share the server, and each waits on its HTTP round trip.
describe.concurrent.each(restRoutes.map((route) => [routeKey(route), route] as const))(
  '%s',
  (_key, route) => {
    for (const badCase of badInputCases(route)) {
      describe(badCase.title, () => {
        for (const face of badCase.faces) {
          it(`${face}: 400${badCase.field ? ` naming ${badCase.field}` : ''}`, async ({ expect }) => {
            const input = { ...validInputOf(route), ...badCase.values };
            const call = {
              route,
              input,
              token,
              ...(badCase.rawFields ? { rawFields: badCase.rawFields } : {}),
            };
            const response = await callFace(server, face, call);
            expect(response.status, describeResponse(response)).toBe(400);
            expect(response.formatProblems, describeResponse(response)).toEqual([]);
            const said = [response.error?.message ?? '', ...(response.error?.fields ?? [])].join(' ');
            if (badCase.message) expect(said, describeResponse(response)).toMatch(badCase.message);
            else if (badCase.field) {
              const top = badCase.field.split('.')[0]!;
              const names =
                face === 'graphql'
                  ? [badCase.field, top, graphqlArgumentName(route.operation, top)]
                  : [badCase.field];
              expect(
                names.some((name) => said.includes(name)),
                `${describeResponse(response)} names ${names.join(' or ')}`,
              ).toBe(true);
            }
          });
        }
      });
    }
  },
);
