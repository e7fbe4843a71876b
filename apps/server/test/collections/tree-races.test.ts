/**
 * Concurrent structural changes of one organization's tree leave no cycle and no orphan:
 * - through the domain operations, with fast-check's scheduler choosing the order in which
 *   every repository call runs (each call waits for its turn);
 * - through real HTTP, with many trials of requests sent at once.
 * A cycle is a collection that is its own ancestor through parent links; an orphan is a
 * collection or a live space whose parent collection does not exist.
 */
import {
  type DomainServices,
  executeOperation,
  isDomainError,
  type OperationContext,
  operations,
  type Repositories,
} from '@quire/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createSpace } from '../support/content';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/**
 * Scheduler runs per scenario, and HTTP trials per scenario (60 and 30 until the suite's 12
 * minutes ran out, nineteenth session; QUIRE_RACE_RUNS and QUIRE_RACE_TRIALS run more).
 */
const SCHEDULED_RUNS = Number(process.env.QUIRE_RACE_RUNS ?? 40);
const HTTP_TRIALS = Number(process.env.QUIRE_RACE_TRIALS ?? 20);

interface TreeFaults {
  cycles: number;
  orphans: number;
}

/** The cycles and orphans of an organization's tree, read straight from the store. */
async function treeFaults(services: DomainServices, organizationId: string): Promise<TreeFaults> {
  const collections = await services.repos.collections.listAll(organizationId);
  const spaces = await services.repos.spaces.listActive(organizationId, 'asc', { limit: 1000 });
  const byId = new Map(collections.map((c) => [c.id, c]));
  let cycles = 0;
  for (const collection of collections) {
    const seen = new Set([collection.id]);
    for (let parentId = collection.parentId; parentId; parentId = byId.get(parentId)?.parentId) {
      if (seen.has(parentId)) {
        cycles += 1;
        break;
      }
      seen.add(parentId);
    }
  }
  const parents = [...collections, ...spaces.items].flatMap((item) => (item.parentId ? [item.parentId] : []));
  return { cycles, orphans: parents.filter((parentId) => !byId.has(parentId)).length };
}

/** The repositories, each call waiting for the scheduler to let it run. */
function scheduledRepositories(s: fc.Scheduler, repos: Repositories): Repositories {
  const wrap = <Repo extends object>(name: string, repo: Repo): Repo =>
    new Proxy(repo, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) =>
          s.schedule(Promise.resolve(), `${name}.${String(key)}`).then(() => value.apply(target, args));
      },
    });
  return Object.fromEntries(
    Object.entries(repos).map(([name, repo]) => [name, wrap(name, repo)]),
  ) as Repositories;
}

/** The outcome of an operation: 'ok' or its domain error code (anything else fails the test). */
const outcome = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'ok',
    (error: unknown) => {
      if (isDomainError(error)) return error.code;
      throw error;
    },
  );

function adminContext(org: TestOrganization, repos: Repositories): OperationContext {
  return {
    ...server.services,
    repos,
    caller: { userId: org.admin.user.id, tokenId: 'test', isInstanceAdmin: false },
  };
}

/** Three collections X, Y, Z at the top level, and the moves X under Y, Y under Z, Z under X. */
async function threeWayMoves(org: TestOrganization) {
  const [x, y, z] = [
    await createCollection(server, org),
    await createCollection(server, org),
    await createCollection(server, org),
  ];
  return [
    [x.id, y.id],
    [y.id, z.id],
    [z.id, x.id],
  ] as const;
}

/**
 * A collection P holding a few levels (so that deleting it takes a while), and a space and a
 * collection at the top level: P is deleted while things go into it.
 */
async function deleteWhileFilling(org: TestOrganization) {
  const parent = await createCollection(server, org);
  let level = parent;
  for (let depth = 0; depth < 3; depth++) {
    await createSpace(server, org, { parent: level.id });
    level = await createCollection(server, org, { parent: level.id });
  }
  const space = await createSpace(server, org);
  const collection = await createCollection(server, org);
  return {
    organizationId: org.organization.id,
    parent: parent.id,
    space: space.id,
    collection: collection.id,
  };
}

describe('concurrent changes of one tree, ordered by fast-check', () => {
  it(`three moves that would close a loop leave no cycle (${SCHEDULED_RUNS} schedules)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        const org = await createOrganization(server);
        const moves = await threeWayMoves(org);
        const ctx = adminContext(org, scheduledRepositories(s, server.services.repos));
        const outcomes = await s.waitFor(
          Promise.all(
            moves.map(([collectionId, parent]) =>
              outcome(executeOperation(operations.collections.move, ctx, { collectionId, parent })),
            ),
          ),
        );
        expect(await treeFaults(server.services, org.organization.id), outcomes.join()).toEqual({
          cycles: 0,
          orphans: 0,
        });
        // Two of the moves succeed; the last one would close the loop.
        expect(outcomes.filter((o) => o === 'ok')).toHaveLength(2);
        expect(outcomes.filter((o) => o === 'cannot_move')).toHaveLength(1);
      }),
      { numRuns: SCHEDULED_RUNS },
    );
  });

  it(`moves and creates into a collection being deleted leave no orphan (${SCHEDULED_RUNS} schedules)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        const org = await createOrganization(server);
        const tree = await deleteWhileFilling(org);
        const ctx = adminContext(org, scheduledRepositories(s, server.services.repos));
        const run = (operation: Promise<unknown>) => outcome(operation);
        const outcomes = await s.waitFor(
          Promise.all([
            run(executeOperation(operations.collections.remove, ctx, { collectionId: tree.parent })),
            run(executeOperation(operations.spaces.move, ctx, { spaceId: tree.space, parent: tree.parent })),
            run(
              executeOperation(operations.collections.move, ctx, {
                collectionId: tree.collection,
                parent: tree.parent,
              }),
            ),
            run(
              executeOperation(operations.spaces.create, ctx, {
                organizationId: tree.organizationId,
                parent: tree.parent,
              }),
            ),
            run(
              executeOperation(operations.collections.create, ctx, {
                organizationId: tree.organizationId,
                title: 'Late',
                parent: tree.parent,
              }),
            ),
          ]),
        );
        expect(await treeFaults(server.services, tree.organizationId), outcomes.join()).toEqual({
          cycles: 0,
          orphans: 0,
        });
      }),
      { numRuns: SCHEDULED_RUNS },
    );
  });
  it(`a space moved while it is transferred ends where one of them, run after the other, puts it (${SCHEDULED_RUNS} schedules)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        const org = await createOrganization(server);
        const target = await createOrganization(server, { owner: org.admin });
        const collection = await createCollection(server, org);
        const space = await createSpace(server, org);
        const ctx = adminContext(org, scheduledRepositories(s, server.services.repos));
        const outcomes = await s.waitFor(
          Promise.all([
            outcome(
              executeOperation(operations.spaces.transfer, ctx, {
                spaceId: space.id,
                organization: target.organization.id,
              }),
            ),
            outcome(
              executeOperation(operations.spaces.move, ctx, { spaceId: space.id, parent: collection.id }),
            ),
          ]),
        );
        for (const organizationId of [org.organization.id, target.organization.id]) {
          expect(await treeFaults(server.services, organizationId), outcomes.join()).toEqual({
            cycles: 0,
            orphans: 0,
          });
        }
        // As if one ran after the other: an acknowledged transfer is never undone by the move.
        const stored = await server.services.repos.spaces.findById(space.id);
        const [transferred, moved] = outcomes;
        if (transferred === 'ok')
          expect(stored, outcomes.join()).toMatchObject({ organizationId: target.organization.id });
        if (moved === 'ok' && transferred !== 'ok')
          expect(stored, outcomes.join()).toMatchObject({ parentId: collection.id });
      }),
      { numRuns: SCHEDULED_RUNS },
    );
  });
});

describe('concurrent changes of one tree, through HTTP', () => {
  const post = (org: TestOrganization, path: string, body: unknown) =>
    server.api(path, { method: 'POST', token: org.admin.token, body });

  it(`three moves sent at once leave no cycle (${HTTP_TRIALS} trials)`, async () => {
    const faulty: TreeFaults[] = [];
    const outcomes = new Set<string>();
    for (let trial = 0; trial < HTTP_TRIALS; trial++) {
      const org = await createOrganization(server);
      const moves = await threeWayMoves(org);
      const statuses = await Promise.all(
        moves.map(([id, parent]) =>
          post(org, `/v1/collections/${id}/move`, { parent }).then((r) => r.status),
        ),
      );
      outcomes.add(statuses.sort().join());
      const faults = await treeFaults(server.services, org.organization.id);
      if (faults.cycles > 0 || faults.orphans > 0) faulty.push(faults);
    }
    expect(faulty, `trials with a fault: ${faulty.length} of ${HTTP_TRIALS}`).toEqual([]);
    // Two moves succeed; whichever comes last would close the loop.
    expect([...outcomes]).toEqual(['200,200,412']);
  });

  it(`a delete and moves and creates into the deleted collection sent at once leave no orphan (${HTTP_TRIALS} trials)`, async () => {
    const faulty: TreeFaults[] = [];
    for (let trial = 0; trial < HTTP_TRIALS; trial++) {
      const org = await createOrganization(server);
      const tree = await deleteWhileFilling(org);
      // Creates keep coming while the delete runs, as from a busy team.
      const creates = Array.from({ length: 6 }, (_, i) =>
        i % 2
          ? post(org, `/v1/orgs/${tree.organizationId}/spaces`, { parent: tree.parent })
          : post(org, `/v1/orgs/${tree.organizationId}/collections`, { title: 'Late', parent: tree.parent }),
      );
      await Promise.all([
        server.api(`/v1/collections/${tree.parent}`, { method: 'DELETE', token: org.admin.token }),
        post(org, `/v1/spaces/${tree.space}/move`, { parent: tree.parent }),
        post(org, `/v1/collections/${tree.collection}/move`, { parent: tree.parent }),
        ...creates,
      ]);
      const faults = await treeFaults(server.services, tree.organizationId);
      if (faults.cycles > 0 || faults.orphans > 0) faulty.push(faults);
    }
    expect(faulty, `trials with a fault: ${faulty.length} of ${HTTP_TRIALS}`).toEqual([]);
  });
});
