/**
 * `pnpm bench:api`: requests/s of Quire's reads against a bare Fastify route returning a
 * JSON body of the same size, in the same run, over REST, tRPC and GraphQL. The bare route
 * is measured twice: plain, and sending the headers every API answer must carry (request
 * id, security set, rate-limit headers), which is the one Quire is held to. The server runs
 * in a child process; autocannon (50 connections) runs here. Prints ratios of the rates and,
 * steadier on a machine shared with the load generator and other work, of the server's CPU
 * per request (a ratio of 60% meaning Quire's request costs 1/0.6 of the other's). Targets:
 * REST >= 60% of the bare route with the same headers, tRPC and GraphQL >= 70% of REST.
 */
import { cpus } from 'node:os';
import { startBenchChild } from './bench-child';
import { type Measured, measureRateAndCpu, type RequestShape } from './measure-rate';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
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
const measure = (title: string, url: string, init: RequestShape = {}) =>
  measureRateAndCpu(title, url, { ...init, seconds: DURATION_SECONDS, connections: CONNECTIONS, serverCpu });

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

console.log(
  `machine: ${cpus()[0]?.model} x${cpus().length}, node ${process.version}; ${CONNECTIONS} connections, ${DURATION_SECONDS}s each`,
);
console.log(`bodies: organization ${fixture.orgBytes} B, members page ${fixture.membersBytes} B\n`);

const bareOrg = await measure('bare Fastify, organization-sized body', `${fixture.bare}/org`);
const headersOrg = await measure('bare Fastify + API headers, organization', `${fixture.bare}/headers/org`);
const restOrg = await measure('REST GET /v1/orgs/{id}', `${fixture.quire}/v1/orgs/${orgId}`, {
  headers: auth,
});
const trpcOrg = await measure(
  'tRPC orgs.get',
  `${fixture.quire}/trpc/orgs.get?input=${trpcInput({ organizationId: orgId })}`,
  { headers: auth },
);
const gqlOrg = await measure(
  'GraphQL orgsGet',
  `${fixture.quire}/graphql`,
  graphql(`{ orgsGet(organizationId: "${orgId}") { ${orgFields} } }`),
);

const bareMembers = await measure('bare Fastify, members-page-sized body', `${fixture.bare}/members`);
const headersMembers = await measure(
  'bare Fastify + API headers, members page',
  `${fixture.bare}/headers/members`,
);
const restMembers = await measure(
  'REST GET ORG/members?limit=100',
  `${fixture.quire}/v1/orgs/${orgId}/members?limit=100`,
  { headers: auth },
);
const trpcMembers = await measure(
  'tRPC orgs.members.list',
  `${fixture.quire}/trpc/orgs.members.list?input=${trpcInput({ organizationId: orgId, limit: 100 })}`,
  { headers: auth },
);
const gqlMembers = await measure(
  'GraphQL orgsMembersList(first: 100)',
  `${fixture.quire}/graphql`,
  graphql(
    `{ orgsMembersList(organizationId: "${orgId}", first: 100) { totalCount edges { node { ${memberFields} } } } }`,
  ),
);

const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
/** Quire's share of the other's figure: by rate, and by CPU per request (the other's over Quire's). */
const share = (quire: Measured, other: Measured) =>
  `${pct(quire.rps, other.rps)} (CPU ${pct(other.cpuPerRequest ?? 0, quire.cpuPerRequest ?? 1)})`;
const ratios = (rest: Measured, bare: Measured, headers: Measured, trpc: Measured, gql: Measured) =>
  `REST/bare ${share(rest, bare)}, REST/bare+headers ${share(rest, headers)}, ` +
  `tRPC/REST ${share(trpc, rest)}, GraphQL/REST ${share(gql, rest)}`;
console.log(
  '\nratios by rate (by server CPU per request); target: REST >= 60% of bare+headers, tRPC and GraphQL >= 70% of REST',
);
console.log(`  organization: ${ratios(restOrg, bareOrg, headersOrg, trpcOrg, gqlOrg)}`);
console.log(`  members:      ${ratios(restMembers, bareMembers, headersMembers, trpcMembers, gqlMembers)}`);

stop();
