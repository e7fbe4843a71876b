/**
 * `pnpm bench:api`: requests/s of Quire's reads against a bare Fastify route returning a
 * JSON body of the same size, in the same run, over REST, tRPC and GraphQL. The server runs
 * in a child process; autocannon (50 connections) runs here. Prints ratios; the targets:
 * REST >= 50% of bare, tRPC and GraphQL >= 50% of REST.
 */
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

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

const child = spawn(
  process.execPath,
  ['--import', 'tsx', new URL('./api-server.ts', import.meta.url).pathname],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const fixture = await new Promise<Fixture>((resolve, reject) => {
  createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line) as Fixture));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

async function measure(
  title: string,
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
) {
  // Check the request works before timing it.
  const check = await fetch(url, init);
  if (!check.ok) throw new Error(`${title}: ${check.status} ${await check.text()}`);
  await check.text();
  // Warm up (JIT, tsx's first compilations, caches) before the timed run.
  await autocannon({
    url,
    connections: CONNECTIONS,
    duration: 2,
    method: init.method ?? 'GET',
    headers: init.headers,
    body: init.body,
  });
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    method: init.method ?? 'GET',
    headers: init.headers,
    body: init.body,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const rps = result.requests.average;
  console.log(`${title.padEnd(44)} ${rps.toFixed(0).padStart(8)} req/s   p99 ${result.latency.p99} ms`);
  return rps;
}

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
console.log('\nratios (target: REST >= 50% of bare; tRPC and GraphQL >= 50% of REST)');
console.log(
  `  organization: REST/bare ${pct(restOrg, bareOrg)}, tRPC/REST ${pct(trpcOrg, restOrg)}, GraphQL/REST ${pct(gqlOrg, restOrg)}`,
);
console.log(
  `  members:      REST/bare ${pct(restMembers, bareMembers)}, tRPC/REST ${pct(trpcMembers, restMembers)}, GraphQL/REST ${pct(gqlMembers, restMembers)}`,
);

child.kill('SIGTERM');
