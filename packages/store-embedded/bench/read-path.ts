/**
 * Micro-benchmark of the embedded engine's read path, for the query shapes the repositories
 * issue (not part of the tests):
 *   cd packages/store-embedded && npx tsx bench/read-path.ts
 * Each line is the CPU time of one call, in process, over an in-memory journal, on
 * collections of 1,000 documents shaped like Quire's members, tokens and team memberships.
 */

import type { Document } from '@quire/store';
import { EmbeddedDatabase, MemoryJournal } from '../src/engine';

const documents = 1_000;
const organizations = 10;

interface LooseDoc {
  _id?: string;
  [field: string]: unknown;
}

function member(i: number): LooseDoc {
  const organizationId = `org${String(i % organizations).padStart(4, '0')}`;
  const userId = `user${String(i).padStart(6, '0')}`;
  return {
    _id: `${organizationId}:${userId}`,
    organizationId,
    userId,
    role: i % 7 === 0 ? 'admin' : 'edit',
    disabled: i % 11 === 0,
    joinedAt: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
    tokenHash: `hash-${i.toString(36)}-${(i * 7919).toString(16)}`,
    user: {
      id: userId,
      displayName: `User number ${i}`,
      email: `user${i}@example.com`,
      photoURL: `https://example.com/avatars/${i}.png`,
    },
  };
}

async function setUp(parsedBudget?: number) {
  const db = new EmbeddedDatabase(new Map(), new MemoryJournal(), { parsedBudget });
  const members = db.collection<LooseDoc>('members');
  await members.createIndex({ organizationId: 1, _id: 1 });
  await members.createIndex({ userId: 1, organizationId: 1 });
  await members.createIndex({ organizationId: 1, joinedAt: 1, _id: 1 });
  await members.createIndex({ tokenHash: 1 }, { unique: true });
  await members.insertMany(Array.from({ length: documents }, (_, i) => member(i)));
  const empty = db.collection<LooseDoc>('memberships');
  await empty.createIndex({ userId: 1, organizationId: 1 });
  return { members, empty };
}

/**
 * The median over 21 windows of about 50 ms of the process's CPU time per call: CPU time
 * rather than elapsed time, so that other load on the machine counts as little as it can.
 */
async function measure(run: () => Promise<unknown>): Promise<number> {
  const windows: number[] = [];
  for (let w = 0; w < 21; w++) {
    let iterations = 0;
    const started = performance.now();
    const cpu = process.cpuUsage();
    while (performance.now() - started < 50) {
      for (let i = 0; i < 20; i++) await run();
      iterations += 20;
    }
    const used = process.cpuUsage(cpu);
    windows.push((used.user + used.system) / iterations);
  }
  return windows.sort((a, b) => a - b)[10]!;
}

/** The cases, on collections whose reads keep parsed documents (`kept`) or parse every time. */
function casesOf({ members, empty }: Awaited<ReturnType<typeof setUp>>) {
  const sample = member(421);
  const orgOf = sample.organizationId as string;
  const hundredIds = Array.from({ length: 100 }, (_, i) => member(i * 7)._id as string);
  const tenUsers = Array.from({ length: 10 }, (_, i) => member(i * 13).userId as string);
  const hundredUsers = Array.from({ length: 100 }, (_, i) => member(i * 10).userId as string);
  const cases: Array<[string, () => Promise<unknown>]> = [
    ['findOne {_id}', () => members.findOne({ _id: sample._id })],
    ['findOne {_id, organizationId}', () => members.findOne({ _id: sample._id, organizationId: orgOf })],
    ['findOne {tokenHash} (unique index)', () => members.findOne({ tokenHash: sample.tokenHash })],
    [
      'findOne {userId, organizationId} (compound index)',
      () => members.findOne({ userId: sample.userId, organizationId: orgOf }),
    ],
    [
      'countDocuments {userId, organizationId, role}, limit 1 (empty)',
      () => empty.countDocuments({ userId: 'u1', organizationId: 'o1', role: 'owner' }, { limit: 1 }),
    ],
    [
      'countDocuments {userId, organizationId, role}, limit 1',
      () =>
        members.countDocuments({ userId: sample.userId, organizationId: orgOf, role: 'edit' }, { limit: 1 }),
    ],
    [
      'countDocuments {userId, disabled} (index prefix + residual)',
      () => members.countDocuments({ userId: sample.userId, disabled: false }),
    ],
    ['countDocuments {organizationId} (100 keys)', () => members.countDocuments({ organizationId: orgOf })],
    [
      'find {organizationId}, sort _id, limit 50',
      () => members.find({ organizationId: orgOf }, { sort: { _id: 1 }, limit: 50 }).toArray(),
    ],
    [
      'find {organizationId}, sort joinedAt, _id, limit 100',
      () => members.find({ organizationId: orgOf }, { sort: { joinedAt: 1, _id: 1 }, limit: 100 }).toArray(),
    ],
    [
      'find keyset page after a cursor, limit 21',
      () =>
        members
          .find(
            {
              organizationId: orgOf,
              joinedAt: { $gte: member(500).joinedAt },
              $or: [
                { joinedAt: { $gt: member(500).joinedAt } },
                { joinedAt: member(500).joinedAt, _id: { $gt: member(500)._id } },
              ],
            } as Document,
            { sort: { joinedAt: 1, _id: 1 }, limit: 21 },
          )
          .toArray(),
    ],
    ['find {_id: {$in: 100 ids}}', () => members.find({ _id: { $in: hundredIds } }).toArray()],
    [
      'find {userId: {$in: 100}, organizationId}, projection (empty)',
      () =>
        empty
          .find({ userId: { $in: hundredUsers }, organizationId: orgOf }, { projection: { userId: 1 } })
          .toArray(),
    ],
    [
      'find {organizationId}, sort joinedAt -1, _id -1, limit 101',
      () =>
        members.find({ organizationId: orgOf }, { sort: { joinedAt: -1, _id: -1 }, limit: 101 }).toArray(),
    ],
    [
      'find {userId: {$in: 10}, organizationId}, projection',
      () =>
        members
          .find({ userId: { $in: tenUsers }, organizationId: orgOf }, { projection: { userId: 1 } })
          .toArray(),
    ],
    [
      'find {organizationId, $expr} (mingo)',
      () => members.find({ organizationId: orgOf, $expr: { $eq: ['$role', 'admin'] } } as Document).toArray(),
    ],
    [
      'find {organizationId, $or: [$regex on user.*]}',
      () =>
        members
          .find({
            organizationId: orgOf,
            $or: [{ 'user.displayName': { $regex: 'number 42', $options: 'i' } }, { 'user.email': /user42/ }],
          } as Document)
          .toArray(),
    ],
  ];

  return cases;
}

// Every case runs first to warm up (all shapes, as a server mixes them), then is measured.
const only = process.argv[2];
const select = (cases: ReturnType<typeof casesOf>) =>
  cases.filter(([label]) => only === undefined || label.includes(only));
const kept = select(casesOf(await setUp()));
const parsedEveryTime = select(casesOf(await setUp(0)));
for (const [, run] of [...kept, ...parsedEveryTime]) for (let i = 0; i < 2_000; i++) await run();
console.log(`${'CPU time per call (µs)'.padEnd(64)} ${'kept'.padStart(8)} ${'parsed'.padStart(8)}`);
for (const [i, [label, run]] of kept.entries()) {
  const withKept = await measure(run);
  const withParse = await measure(parsedEveryTime[i]![1]);
  console.log(`${label.padEnd(64)} ${withKept.toFixed(1).padStart(8)} ${withParse.toFixed(1).padStart(8)}`);
}
