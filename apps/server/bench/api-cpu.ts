/**
 * `node --import tsx bench/api-cpu.ts` (from apps/server): CPU time per request of the reads
 * `bench/api.ts` times, counted in one process with `process.cpuUsage()` around runs of
 * `app.inject` (no sockets, no load generator), so the figure hardly moves with what else
 * the machine runs: the bare route with and without the API's headers, REST `GET ORG` and
 * the members page, tRPC and GraphQL for both bodies. Quire and the bare server are built as
 * `bench/api.ts` builds them (rate limits on, a fresh embedded store, 100 members).
 *
 * Rounds alternate the routes (`BENCH_ROUNDS`, default 12, of `BENCH_REQUESTS` requests
 * each, default 400) after a warm-up; each route's figure is the median of its rounds, with
 * the lowest beside it. `BENCH_ONLY=<name>[,<name>]` runs those routes only, and
 * `BENCH_PROFILE=<file>.cpuprofile` writes a CPU profile of the timed rounds (not the start).
 * Ratios are of CPU per request, in the targets' terms (REST against bare + headers, tRPC
 * and GraphQL against REST): `inject` skips Node's HTTP parser and socket writes, which both
 * sides pay alike over HTTP, so these ratios are lower than `bench/api.ts`'s; the
 * microseconds Quire adds are the figure to compare across changes.
 */
import { rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { buildBareApi } from './bare-api';
import { buildBenchApp, seedOrganization } from './bench-server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const ONLY = process.env.BENCH_ONLY;
const PROFILE = process.env.BENCH_PROFILE;

// Quire as `bench-server.ts` starts it (rate limits on, budgets no run can spend), built
// without listening, with one more route: `GET /v1/bench-constant` answers the organization's
// body with the API's headers through Quire's hooks, without authentication or an operation,
// so that what Quire's framework adds can be told from what the route's work costs.
const { dataDir, store, app, services } = await buildBenchApp('api-cpu');
let constantBody: unknown;
let remaining = 1_000_000_000;
app.get('/v1/bench-constant', async (_request, reply) => {
  reply.header('x-ratelimit-limit', 1_000_000_000);
  reply.header('x-ratelimit-remaining', --remaining);
  reply.header('x-ratelimit-reset', Math.ceil((Date.now() + 60_000) / 1000));
  return constantBody;
});
await app.ready();
const quire = { app, services };
const { token, organization } = await seedOrganization(quire as never, { members: 99, memberName: 'Member' });
const auth = { authorization: `Bearer ${token}` };
const orgId = organization.id;

const orgBody = (await quire.app.inject({ url: `/v1/orgs/${orgId}`, headers: auth })).body;
const membersBody = (await quire.app.inject({ url: `/v1/orgs/${orgId}/members?limit=100`, headers: auth }))
  .body;
constantBody = JSON.parse(orgBody);
const bare = buildBareApi(JSON.parse(orgBody), JSON.parse(membersBody));
await bare.ready();

interface Route {
  name: string;
  app: typeof bare;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}
const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(input));
const graphql = (query: string) => ({
  method: 'POST' as const,
  url: '/graphql',
  headers: { ...auth, 'content-type': 'application/json' },
  payload: JSON.stringify({ query }),
});
const orgFields =
  'id entityId title createdAt type plan inviteLinks emailDomains urls { location app } permissions { view admin }';
const memberFields = 'id role disabled joinedAt sso user { id displayName email }';

const routes: Route[] = [
  { name: 'bare-org', app: bare, method: 'GET', url: '/org' },
  { name: 'headers-org', app: bare, method: 'GET', url: '/headers/org' },
  { name: 'quire-constant', app, method: 'GET', url: '/v1/bench-constant' },
  { name: 'rest-org', app, method: 'GET', url: `/v1/orgs/${orgId}`, headers: auth },
  {
    name: 'trpc-org',
    app,
    method: 'GET',
    url: `/trpc/orgs.get?input=${trpcInput({ organizationId: orgId })}`,
    headers: auth,
  },
  {
    name: 'graphql-org',
    app,
    ...graphql(`{ orgsGet(organizationId: "${orgId}") { ${orgFields} } }`),
  },
  { name: 'bare-members', app: bare, method: 'GET', url: '/members' },
  { name: 'headers-members', app: bare, method: 'GET', url: '/headers/members' },
  { name: 'rest-members', app, method: 'GET', url: `/v1/orgs/${orgId}/members?limit=100`, headers: auth },
  {
    name: 'trpc-members',
    app,
    method: 'GET',
    url: `/trpc/orgs.members.list?input=${trpcInput({ organizationId: orgId, limit: 100 })}`,
    headers: auth,
  },
  {
    name: 'graphql-members',
    app,
    ...graphql(
      `{ orgsMembersList(organizationId: "${orgId}", first: 100) { totalCount edges { node { ${memberFields} } } } }`,
    ),
  },
];
const selected = ONLY ? routes.filter((route) => ONLY.split(',').includes(route.name)) : routes;
if (selected.length === 0) throw new Error(`no route named ${ONLY}`);

async function run(route: Route, count: number): Promise<number> {
  const request = { method: route.method, url: route.url, headers: route.headers, payload: route.payload };
  const started = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const response = await route.app.inject(request);
    if (response.statusCode !== 200)
      throw new Error(`${route.name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / count;
}

for (const route of selected) await run(route, REQUESTS * 2);
// The profile covers the timed rounds only, not the start and the warm-up.
const profiler = PROFILE ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const perRound = new Map<string, number[]>(selected.map((route) => [route.name, []]));
for (let round = 0; round < ROUNDS; round++)
  for (const route of selected) perRound.get(route.name)?.push(await run(route, REQUESTS));

if (profiler && PROFILE) {
  const { profile } = await profiler.post('Profiler.stop');
  await writeFile(PROFILE, JSON.stringify(profile));
  profiler.disconnect();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};
const figure = new Map<string, number>();
for (const [name, values] of perRound) {
  figure.set(name, median(values));
  console.log(
    `${name.padEnd(16)} ${median(values).toFixed(1).padStart(7)} us/req CPU (lowest ${Math.min(...values).toFixed(1)})`,
  );
}
const ratio = (quireName: string, otherName: string) => {
  const quireCpu = figure.get(quireName);
  const otherCpu = figure.get(otherName);
  if (quireCpu === undefined || otherCpu === undefined) return undefined;
  return `${quireName}/${otherName} ${((otherCpu / quireCpu) * 100).toFixed(0)}% (+${(quireCpu - otherCpu).toFixed(1)} us)`;
};
const lines = [
  ratio('quire-constant', 'headers-org'),
  ratio('rest-org', 'quire-constant'),
  ratio('rest-org', 'headers-org'),
  ratio('trpc-org', 'rest-org'),
  ratio('graphql-org', 'rest-org'),
  ratio('rest-members', 'headers-members'),
  ratio('trpc-members', 'rest-members'),
  ratio('graphql-members', 'rest-members'),
].filter((line) => line !== undefined);
if (lines.length > 0) console.log(`\nby CPU per request:\n  ${lines.join('\n  ')}`);
await bare.close();
await app.close();
await store.close();
await rm(dataDir, { recursive: true, force: true });
