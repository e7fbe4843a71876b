/**
 * `pnpm bench:api`: requests/s of Quire's reads against a bare Fastify route returning a
 * JSON body of the same size, in the same run, over REST, tRPC and GraphQL. The bare route
 * is measured twice: plain, and sending the headers every API answer must carry (request
 * id, security set, rate-limit headers), which is the one Quire is held to. The server runs
 * in a child process; autocannon (50 connections) runs here. Prints ratios of the rates and,
 * steadier on a machine shared with the load generator and other work, of the server's CPU
 * per request (a ratio of 60% meaning Quire's request costs 1/0.6 of the other's). Targets:
 * REST >= 60% of the bare route with the same headers, tRPC and GraphQL >= 70% of REST.
 *
 * The routes are measured in interleaved rounds (`BENCH_ROUNDS`, 12, of `BENCH_SECONDS`, 0.75 s,
 * per route; see `interleaved-rounds.ts`). Twelve short rounds rather than six of 1.5 s (the
 * same time in all): on a loaded machine single rounds still range widely, and the median of
 * twelve moved about half as much between runs.
 */
import { cpus } from 'node:os';
import { startBenchChild } from './bench-child';
import { measureInRounds, type Route, route, shareOf } from './interleaved-rounds';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 0.75);
const CONNECTIONS = 50;

interface Fixture {
  quire: string;
  bare: string;
  token: string;
  organizationId: string;
  orgBytes: number;
  membersBytes: number;
}

const { fixture, stop } = await startBenchChild<Fixture>(new URL('./api-server.ts', import.meta.url));

const serverCpu = async () =>
  ((await (await fetch(`${fixture.bare}/cpu`)).json()) as { micros: number }).micros;

const auth = { authorization: `Bearer ${fixture.token}` };
const json = { ...auth, 'content-type': 'application/json' };
const orgId = fixture.organizationId;
const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(input));
const graphql = (query: string) => ({
  method: 'POST' as const,
  headers: json,
  body: JSON.stringify({ query }),
});
const orgFields =
  'id entityId title createdAt type plan inviteLinks emailDomains urls { location app } permissions { view admin }';
const memberFields = 'id role disabled joinedAt sso user { id displayName email }';

const bodies = {
  organization: {
    bare: route('bare Fastify, organization-sized body', `${fixture.bare}/org`),
    headers: route('bare Fastify + API headers, organization', `${fixture.bare}/headers/org`),
    rest: route('REST GET /v1/orgs/{id}', `${fixture.quire}/v1/orgs/${orgId}`, { headers: auth }),
    trpc: route(
      'tRPC orgs.get',
      `${fixture.quire}/trpc/orgs.get?input=${trpcInput({ organizationId: orgId })}`,
      { headers: auth },
    ),
    gql: route(
      'GraphQL orgsGet',
      `${fixture.quire}/graphql`,
      graphql(`{ orgsGet(organizationId: "${orgId}") { ${orgFields} } }`),
    ),
  },
  members: {
    bare: route('bare Fastify, members-page-sized body', `${fixture.bare}/members`),
    headers: route('bare Fastify + API headers, members page', `${fixture.bare}/headers/members`),
    rest: route('REST GET ORG/members?limit=100', `${fixture.quire}/v1/orgs/${orgId}/members?limit=100`, {
      headers: auth,
    }),
    trpc: route(
      'tRPC orgs.members.list',
      `${fixture.quire}/trpc/orgs.members.list?input=${trpcInput({ organizationId: orgId, limit: 100 })}`,
      { headers: auth },
    ),
    gql: route(
      'GraphQL orgsMembersList(first: 100)',
      `${fixture.quire}/graphql`,
      graphql(
        `{ orgsMembersList(organizationId: "${orgId}", first: 100) { totalCount edges { node { ${memberFields} } } } }`,
      ),
    ),
  },
};
type Side = keyof typeof bodies.organization;
const routes = Object.values(bodies).flatMap((body) => Object.values(body));
console.log(
  `machine: ${cpus()[0]?.model} x${cpus().length}, node ${process.version}; ${CONNECTIONS} connections, ` +
    `${ROUNDS} rounds of ${ROUND_SECONDS}s per route, the order rotated each round`,
);
console.log(`bodies: organization ${fixture.orgBytes} B, members page ${fixture.membersBytes} B\n`);

const measured = await measureInRounds(routes, {
  rounds: ROUNDS,
  seconds: ROUND_SECONDS,
  connections: CONNECTIONS,
  serverCpu,
});
const share = (quire: Route, other: Route) => shareOf(measured.get(quire) ?? [], measured.get(other) ?? []);
const ratios = (body: Record<Side, Route>) =>
  [
    `    REST/bare ${share(body.rest, body.bare)}`,
    `    REST/bare+headers ${share(body.rest, body.headers)}`,
    `    tRPC/REST ${share(body.trpc, body.rest)}`,
    `    GraphQL/REST ${share(body.gql, body.rest)}`,
  ].join('\n');
console.log(
  '\nratios by rate (by server CPU per request), medians of the rounds [lowest-highest]; ' +
    'target: REST >= 60% of bare+headers, tRPC and GraphQL >= 70% of REST',
);
console.log(`  organization:\n${ratios(bodies.organization)}`);
console.log(`  members:\n${ratios(bodies.members)}`);

stop();
