/**
 * `tsx bench/sibling-level.ts`: what creating or moving a space costs at a level of 6,000
 * siblings against an empty level (in process through the operations, on the embedded
 * engine, journal and fsync included). Target: the same cost at any level size (ratio ~1).
 * - create: `spaces.create` last in a collection holding 6,000 spaces, against one in a
 *   collection holding none (a fresh one each round);
 * - move: `spaces.move` of a space to right after the first of 6,000 siblings and back to
 *   last, against the same moves at a level of 3.
 * Rounds alternate between the two sides, so the machine's load falls on both alike.
 */
import { rm } from 'node:fs/promises';
import {
  createOrganizationWithOwner,
  createUser,
  executeOperation,
  type OperationContext,
  operations,
  positionBetween,
  type SpaceRecord,
} from '@quire/domain';
import { median } from './bench-api';
import { openBenchServices } from './bench-services';

const LEVEL = 6_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

const { services, store, dataDir } = await openBenchServices('level');
const { ids } = services;

const owner = await createUser(services, { displayName: 'Owner', email: 'owner@bench.test' });
const organization = await createOrganizationWithOwner(services, { title: 'Bench', owner });
const ctx: OperationContext = {
  ...services,
  caller: { userId: owner.id, tokenId: 'bench', isInstanceAdmin: false },
};

const newCollection = async (title: string) =>
  (
    await executeOperation(operations.collections.create, ctx, {
      organizationId: organization.id,
      title,
    })
  ).id;

/** `count` spaces in the collection, keys in order, written in bulk. */
async function fill(parentId: string, count: number): Promise<string[]> {
  const now = new Date().toISOString();
  const spaces: SpaceRecord[] = [];
  let key: string | null = null;
  for (let i = 0; i < count; i++) {
    key = positionBetween(key, null);
    spaces.push({
      id: ids.newId(),
      organizationId: organization.id,
      parentId,
      title: `Space ${i}`,
      editMode: 'live',
      visibility: 'in-collection',
      defaultLevel: 'inherit',
      shareKey: `key-${i}`,
      position: key,
      createdAt: now,
      updatedAt: now,
      counters: { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 },
    });
  }
  for (let start = 0; start < count; start += 1000) {
    await services.repos.spaces.insertMany(spaces.slice(start, start + 1000));
  }
  return spaces.map((s) => s.id);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

try {
  const crowded = await newCollection('Crowded');
  const crowdedIds = await fill(crowded, LEVEL);
  const small = await newCollection('Small');
  const smallIds = await fill(small, 3);

  const create = (parent: string) => () =>
    executeOperation(operations.spaces.create, ctx, { organizationId: organization.id, parent });
  /** Moves the last space right after the first, then back to last: two moves. */
  const moveAround = (levelIds: string[]) => async () => {
    const moving = levelIds[levelIds.length - 1]!;
    await executeOperation(operations.spaces.move, ctx, {
      spaceId: moving,
      position: { after: { type: 'space', space: levelIds[0]! } },
    });
    await executeOperation(operations.spaces.move, ctx, { spaceId: moving, position: {} });
  };

  // Warm up both sides (JIT, caches) before the timed rounds.
  for (let i = 0; i < 20; i++) {
    await create(crowded)();
    await create(await newCollection('Warm-up'))();
    await moveAround(crowdedIds)();
    await moveAround(smallIds)();
  }
  const times = {
    createCrowded: [] as number[],
    createEmpty: [] as number[],
    moveCrowded: [] as number[],
    moveSmall: [] as number[],
  };
  for (let i = 0; i < ROUNDS; i++) {
    const empty = await newCollection(`Empty ${i}`);
    times.createEmpty.push(await timed(create(empty)));
    times.createCrowded.push(await timed(create(crowded)));
    times.moveSmall.push(await timed(moveAround(smallIds)));
    times.moveCrowded.push(await timed(moveAround(crowdedIds)));
  }
  const row = (title: string, crowdedMs: number, emptyMs: number, emptyLabel: string) =>
    `${title.padEnd(28)} ${LEVEL} siblings: ${crowdedMs.toFixed(2)} ms  ${emptyLabel}: ${emptyMs.toFixed(2)} ms  ratio ${(crowdedMs / emptyMs).toFixed(2)}`;
  console.log(`median of ${ROUNDS} rounds, embedded engine (fsync on every write)`);
  console.log(
    row('create a space (last)', median(times.createCrowded), median(times.createEmpty), 'empty level'),
  );
  console.log(
    row('move a space (2 moves)', median(times.moveCrowded), median(times.moveSmall), '3 siblings'),
  );
} finally {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
}
