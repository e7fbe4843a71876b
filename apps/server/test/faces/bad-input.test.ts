/**
 * Every route refuses bad input with a 400 whose message names the field, before any
 * permission check can hide it, on each of the three faces, and never answers a 500. The
 * cases come from the input schemas (`support/bad-input.ts`); the route table decides which
 * routes there are, so a new route is covered as soon as it exists.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { RestRoute } from '../../src/faces/rest/route';
import { restRoutes } from '../../src/faces/rest/route-table';
import { type BadInputCase, badInputCases, FORGED_CURSORS, validInputOf } from '../support/bad-input';
import { callFace, routeKey } from '../support/faces/call-faces';
import { describeResponse, type Face } from '../support/faces/face-call';
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

/** The cases of the JSON parser each face reads its input with, before any operation is known. */
const JSON_PARSER_CASES = new Set(['malformed JSON', 'a __proto__ key', 'a constructor.prototype key']);
const CURSOR_CASES = FORGED_CURSORS.map(([title]) => title);
/** The first route of each operation kind (query, mutation). */
const firstOfKind = new Map<string, RestRoute>();
for (const route of restRoutes)
  if (!firstOfKind.has(route.operation.kind)) firstOfKind.set(route.operation.kind, route);
/** The routes with a paging cursor, and the first of them for each method. */
const listRoutes = restRoutes.filter((route) =>
  badInputCases(route).some((badCase) => CURSOR_CASES.includes(badCase.title)),
);
const firstListOfMethod = new Set(
  listRoutes.filter(
    (route, index) => listRoutes.findIndex((other) => other.method === route.method) === index,
  ),
);

/**
 * The faces a case runs on for a route. A case about the route's own input schema runs on
 * all its faces. Two kinds of case test one validator every route shares; they run where
 * that validator's code path differs, not on each of the ~300 routes again:
 * - the JSON parser's cases: GraphQL reads one body for every operation (`/graphql`), and
 *   tRPC parses a query's `?input=` or a mutation's body (`faces/trpc/json-calls.ts`) before it
 *   looks at the procedure, so on those two faces the cases run for the first query route and
 *   the first mutation route; on REST, where a route's Fastify scope picks its body parser,
 *   they run on every route with a body.
 * - forged cursors exist only where `page` is `pagingShape.page` (`isPagingCursor`): one
 *   refinement (`isCursor`) for every list. Each list route gets one of the nine on each of
 *   its faces, in turn (each kind reaches several routes), which proves that the route checks
 *   its `page` before any permission; the first list route of each method gets all nine.
 */
function facesToRun(route: RestRoute, badCase: BadInputCase): readonly Face[] {
  if (JSON_PARSER_CASES.has(badCase.title)) {
    const representative = firstOfKind.get(route.operation.kind) === route;
    return badCase.faces.filter((face) => face === 'rest' || representative);
  }
  const cursor = CURSOR_CASES.indexOf(badCase.title);
  if (cursor >= 0 && !firstListOfMethod.has(route)) {
    return listRoutes.indexOf(route) % CURSOR_CASES.length === cursor ? badCase.faces : [];
  }
  return badCase.faces;
}

// Side by side (Vitest's maxConcurrency, 5 at a time): a case writes nothing (each is refused
// before any write), so cases share the server, and each waits on its HTTP round trip.
describe.concurrent.each(restRoutes.map((route) => [routeKey(route), route] as const))(
  '%s',
  (_key, route) => {
    for (const badCase of badInputCases(route)) {
      const faces = facesToRun(route, badCase);
      if (faces.length === 0) continue;
      describe(badCase.title, () => {
        for (const face of faces) {
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
