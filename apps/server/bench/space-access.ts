/**
 * `npx tsx bench/space-access.ts` (from apps/server): what the effective-permission
 * computation costs GET SPACE. Target (issue 4): for a space nested 5 collections deep,
 * with 50 team grants reaching the caller, it adds under 10% to GET SPACE.
 *
 * One embedded-store server in process (autocannon runs in the same process). 50 teams
 * each hold a grant on one link of a chain of 5 collections and the space inside. Callers
 * are guests (the admin shortcut would skip the computation): one in a single one of the
 * teams (the usual case), one in all 50 (the worst case). For each, GET SPACE on the nested
 * space is compared with GET SPACE on a top-level space reached through one direct grant
 * (the same guard, with a chain of one), and with an organization admin's GET SPACE (no
 * computation at all). Rounds alternate to spread noise; prints the ratios. Then, without
 * HTTP (steadier on a busy machine), the computation alone: microseconds per call of
 * `effectiveRolesFor` and the store reads it makes, nested space against top-level space.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addOrganizationMember,
  type CollectionRecord,
  createOrganizationWithOwner,
  createUser,
  effectiveRolesFor,
  issueApiToken,
  type SpaceRecord,
} from '@quire/domain';
import autocannon from 'autocannon';
import { parseConfig } from '../src/config';
import { startServer } from '../src/server';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 20;
const DEPTH = 5;
const TEAMS = 50;

const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-access-'));
// Rate limits stay on (their cost is part of every request) with budgets no run can spend.
const config = parseConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  QUIRE_DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  QUIRE_RATE_LIMIT: '1000000000',
  QUIRE_AUTH_FAILURE_LIMIT: '1000000000',
});
const quire = await startServer(config, { logger: false });
const { services } = quire;
const { repos } = services;
const now = () => services.clock.now().toISOString();

const person = async (name: string) => {
  const user = await createUser(services, {
    displayName: name,
    email: `${name}@bench.test`,
    isInstanceAdmin: false,
  });
  return { user, token: (await issueApiToken(services, { userId: user.id, name: 'bench' })).token };
};
const owner = await person('owner');
const guest = await person('guest');
const oneTeamGuest = await person('guest-one-team');
const organization = await createOrganizationWithOwner(services, { title: 'Bench Org', owner: owner.user });
await addOrganizationMember(services, { organizationId: organization.id, user: guest.user, role: null });
await addOrganizationMember(services, {
  organizationId: organization.id,
  user: oneTeamGuest.user,
  role: null,
});

let position = 0;
const common = () => ({
  organizationId: organization.id,
  position: `a${++position}`,
  createdAt: now(),
  updatedAt: now(),
});
const newSpace = async (parentId?: string): Promise<SpaceRecord> => {
  const space: SpaceRecord = {
    ...common(),
    id: services.ids.newId(),
    ...(parentId ? { parentId } : {}),
    title: 'Space',
    editMode: 'live',
    visibility: 'private',
    defaultLevel: 'inherit',
    shareKey: services.ids.newId(),
    counters: { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 },
  };
  await repos.spaces.insert(space);
  return space;
};

const chain: CollectionRecord[] = [];
for (let i = 0; i < DEPTH; i++) {
  const parentId = chain[i - 1]?.id;
  const collection: CollectionRecord = {
    ...common(),
    id: services.ids.newId(),
    ...(parentId ? { parentId } : {}),
    ancestorIds: chain.map((c) => c.id),
    title: `Level ${i + 1}`,
    defaultLevel: 'inherit',
  };
  await repos.collections.insert(collection);
  chain.push(collection);
}
const nested = await newSpace(chain[DEPTH - 1]!.id);
const topLevel = await newSpace();
for (const who of [guest, oneTeamGuest]) {
  await repos.contentGrants.put({
    organizationId: organization.id,
    target: { kind: 'space', id: topLevel.id },
    principal: { kind: 'user', id: who.user.id },
    role: 'read',
    createdAt: now(),
  });
}

const targets = [
  ...chain.map((c) => ({ kind: 'collection' as const, id: c.id })),
  { kind: 'space' as const, id: nested.id },
];
for (let i = 0; i < TEAMS; i++) {
  const teamId = services.ids.newId();
  await repos.teams.insert({
    id: teamId,
    organizationId: organization.id,
    title: `Team ${i}`,
    createdAt: now(),
    memberCount: 0,
  });
  await repos.teams.putMembership({
    organizationId: organization.id,
    teamId,
    userId: guest.user.id,
    role: 'member',
    addedAt: now(),
  });
  if (i === TEAMS - 1) {
    await repos.teams.putMembership({
      organizationId: organization.id,
      teamId,
      userId: oneTeamGuest.user.id,
      role: 'member',
      addedAt: now(),
    });
  }
  await repos.contentGrants.put({
    organizationId: organization.id,
    target: targets[i % targets.length]!,
    principal: { kind: 'team', id: teamId },
    role: i === TEAMS - 1 ? 'edit' : 'read',
    createdAt: now(),
  });
}

async function rps(title: string, spaceId: string, token: string): Promise<number> {
  title = `GET SPACE, ${title}`;
  const url = `${quire.url}/v1/spaces/${spaceId}`;
  const headers = { authorization: `Bearer ${token}` };
  const check = await fetch(url, { headers });
  if (!check.ok) throw new Error(`${title}: ${check.status} ${await check.text()}`);
  await check.text();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  console.log(
    `${title.padEnd(52)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p99 ${result.latency.p99} ms`,
  );
  return result.requests.average;
}

// Warm-up, then two alternating rounds.
await autocannon({
  url: `${quire.url}/v1/spaces/${nested.id}`,
  connections: CONNECTIONS,
  duration: 2,
  headers: { authorization: `Bearer ${guest.token}` },
});
const totals = { admin: 0, topOne: 0, nestedOne: 0, topAll: 0, nestedAll: 0 };
for (let round = 0; round < 2; round++) {
  totals.admin += await rps('organization admin, nested space (no chain read)', nested.id, owner.token);
  totals.topOne += await rps('guest in 1 team, top-level space', topLevel.id, oneTeamGuest.token);
  totals.nestedOne += await rps(`guest in 1 team, nested space`, nested.id, oneTeamGuest.token);
  totals.topAll += await rps(`guest in ${TEAMS} teams, top-level space`, topLevel.id, guest.token);
  totals.nestedAll += await rps(`guest in ${TEAMS} teams, nested space`, nested.id, guest.token);
}
const extra = (baseline: number, measured: number) => `+${((baseline / measured - 1) * 100).toFixed(1)}%`;
console.log(
  `\nGET SPACE time added by a chain of ${DEPTH} collections with ${TEAMS} team grants (target < 10%):`,
);
console.log(
  `  caller in 1 team:         ${extra(totals.topOne, totals.nestedOne)} over the same caller on a top-level space`,
);
console.log(
  `  caller in all ${TEAMS} teams:   ${extra(totals.topAll, totals.nestedAll)} over the same caller on a top-level space`,
);
console.log(
  `  (vs an admin, who skips the computation: ${extra(totals.admin, totals.nestedOne)} and ${extra(totals.admin, totals.nestedAll)})`,
);

// The computation alone, in process: time per call and store reads per call.
let reads = 0;
const countingRepos = new Proxy(repos, {
  get(target, area: keyof typeof repos) {
    const repo = target[area] as unknown as Record<string, unknown>;
    return new Proxy(repo, {
      get(inner, method: string) {
        const value = inner[method];
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          reads++;
          if (process.env.BENCH_TRACE) console.log(`    ${String(area)}.${method}`);
          return (value as (...a: unknown[]) => unknown).apply(inner, args);
        };
      },
    });
  },
});
async function perCall(space: SpaceRecord, userId: string): Promise<{ micros: number; reads: number }> {
  const counted = { repos: countingRepos };
  for (let i = 0; i < 300; i++) await effectiveRolesFor(services, 'space', [space], userId);
  reads = 0;
  await effectiveRolesFor(counted, 'space', [space], userId);
  const readsPerCall = reads;
  const calls = 3000;
  const start = performance.now();
  for (let i = 0; i < calls; i++) await effectiveRolesFor(services, 'space', [space], userId);
  return { micros: ((performance.now() - start) / calls) * 1000, reads: readsPerCall };
}
console.log('\neffectiveRolesFor alone (in process, no HTTP):');
for (const [title, who] of [
  ['guest in 1 team', oneTeamGuest],
  [`guest in ${TEAMS} teams`, guest],
] as const) {
  const top = await perCall(topLevel, who.user.id);
  const deep = await perCall(nested, who.user.id);
  console.log(
    `  ${title.padEnd(18)} top-level ${top.micros.toFixed(0).padStart(4)} us (${top.reads} repository calls), nested ${deep.micros.toFixed(0).padStart(4)} us (${deep.reads} repository calls)`,
  );
}

await quire.close();
await rm(dataDir, { recursive: true, force: true });
