/**
 * `node --import tsx bench/api-cpu-ab.ts <base tree> <new tree>` (from apps/server): what a change
 * does to the CPU per request of `bench/api-cpu.ts`'s reads, measured where a loaded machine
 * still lets it be read. Both trees' apps (two checkouts of the repository, e.g. `git worktree
 * add`, each with its node_modules) are built in this one process, each over its own fresh
 * embedded store with the same seed, and the same `app.inject` requests run on each in paired
 * rounds, the side going first alternating; each round's ratio new/base is taken, and the
 * median of those ratios printed with each side's median (and lowest) CPU µs per request.
 * Whatever else runs on the machine then weighs on both sides of every pair alike.
 * `BENCH_ONLY`, `BENCH_ROUNDS` (default 20), `BENCH_REQUESTS` (default 200) as in `api-cpu.ts`.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const ONLY = (
  process.env.BENCH_ONLY ?? 'rest-org,trpc-org,graphql-org,rest-members,trpc-members,graphql-members'
).split(',');

async function boot(root: string) {
  const { buildApp } = await import(`${root}/apps/server/src/app.ts`);
  const { parseConfig } = await import(`${root}/apps/server/src/config.ts`);
  const { openConfiguredStore, silentLog } = await import(`${root}/apps/server/src/open-configured-store.ts`);
  const { seedOrganization } = await import(`${root}/apps/server/bench/bench-server.ts`);
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-ab-'));
  const config = parseConfig({
    QUIRE_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    QUIRE_RATE_LIMIT: '1000000000',
    QUIRE_AUTH_FAILURE_LIMIT: '1000000000',
  });
  const store = await openConfiguredStore(config, { log: silentLog });
  const { app, services } = await buildApp({ config, store, logger: false });
  await app.ready();
  const { token, organization } = await seedOrganization({ services } as never, {
    members: 99,
    memberName: 'Member',
  });
  const auth = { authorization: `Bearer ${token}` };
  const orgId = organization.id;
  const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(input));
  const graphql = (query: string) => ({
    method: 'POST',
    url: '/graphql',
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify({ query }),
  });
  const orgFields =
    'id entityId title createdAt type plan inviteLinks emailDomains urls { location app } permissions { view admin }';
  const memberFields = 'id role disabled joinedAt sso user { id displayName email }';
  const requests: Record<string, object> = {
    'rest-org': { method: 'GET', url: `/v1/orgs/${orgId}`, headers: auth },
    'trpc-org': {
      method: 'GET',
      url: `/trpc/orgs.get?input=${trpcInput({ organizationId: orgId })}`,
      headers: auth,
    },
    'graphql-org': graphql(`{ orgsGet(organizationId: "${orgId}") { ${orgFields} } }`),
    'rest-members': { method: 'GET', url: `/v1/orgs/${orgId}/members?limit=100`, headers: auth },
    'trpc-members': {
      method: 'GET',
      url: `/trpc/orgs.members.list?input=${trpcInput({ organizationId: orgId, limit: 100 })}`,
      headers: auth,
    },
    'graphql-members': graphql(
      `{ orgsMembersList(organizationId: "${orgId}", first: 100) { totalCount edges { node { ${memberFields} } } } }`,
    ),
  };
  return { app, requests };
}
const [baseTree, newTree] = process.argv.slice(2);
if (!baseTree || !newTree) throw new Error('usage: api-cpu-ab.ts <base tree> <new tree>');
const a = await boot(baseTree);
const b = await boot(newTree);
async function run(side: typeof a, name: string, n: number) {
  const req = side.requests[name] as never;
  const started = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const r = await side.app.inject(req);
    if (r.statusCode !== 200) throw new Error(`${name} ${r.statusCode} ${r.body.slice(0, 200)}`);
  }
  const u = process.cpuUsage(started);
  return (u.user + u.system) / n;
}
for (const name of ONLY) {
  await run(a, name, REQUESTS * 2);
  await run(b, name, REQUESTS * 2);
}
const res: Record<string, { a: number[]; b: number[] }> = {};
for (let r = 0; r < ROUNDS; r++)
  for (const name of ONLY) {
    res[name] ??= { a: [], b: [] };
    // Alternate which side goes first.
    if (r % 2) {
      res[name].a.push(await run(a, name, REQUESTS));
      res[name].b.push(await run(b, name, REQUESTS));
    } else {
      res[name].b.push(await run(b, name, REQUESTS));
      res[name].a.push(await run(a, name, REQUESTS));
    }
  }
const med = (v: number[]) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)] as number;
for (const [name, { a: av, b: bv }] of Object.entries(res)) {
  const ratios = av.map((x, i) => (bv[i] as number) / x);
  console.log(
    `${name.padEnd(16)} base ${med(av).toFixed(1).padStart(7)} (min ${Math.min(...av).toFixed(1)})  new ${med(bv).toFixed(1).padStart(7)} (min ${Math.min(...bv).toFixed(1)})  new/base per-round median ${(med(ratios) * 100).toFixed(1)}%`,
  );
}
process.exit(0);
