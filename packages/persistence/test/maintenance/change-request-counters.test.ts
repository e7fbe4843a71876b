/**
 * The change-request counters of spaces: moved by the repository with every create and
 * status change, and recounted by the startup repair after a crash left them off (a change
 * request written without its `$inc`, or a status changed without it).
 */

import type { ChangeRequestRecord } from '@quire/domain';
import type { Store } from '@quire/store';
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';
import { describe, expect, it } from 'vitest';
import { openSessionAndRepair } from '../../src/maintenance/reconcile-after-unclean-shutdown';
import { recountChangeRequestCounters } from '../../src/maintenance/recount-change-request-counters';
import { openStoreSession } from '../../src/maintenance/store-sessions';
import { MongoChangeRequestRepository } from '../../src/repositories/content/change-request-repository';

interface LooseDocument {
  _id: string;
  [field: string]: unknown;
}

const NOW = Date.parse('2030-01-01T00:00:00Z');
const AT = '2030-01-01T00:00:00.000Z';

function memoryStore(): Store {
  const db = new EmbeddedDatabase(new Map(), new MemoryJournal());
  return { engine: 'embedded', db, ping: async () => {}, close: async () => {} };
}

const zeroCounters = { comments: 3, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 };

async function seedSpace(store: Store, id: string, counters: Record<string, number> = zeroCounters) {
  await store.db.collection<LooseDocument>('spaces').insertOne({ _id: id, organizationId: 'o1', counters });
}

const countersOf = async (store: Store, spaceId: string) =>
  (await store.db.collection<LooseDocument>('spaces').findOne({ _id: spaceId }))?.counters;

function changeRequest(id: string, spaceId: string, number: number): ChangeRequestRecord {
  return {
    id,
    spaceId,
    number,
    subject: id,
    status: 'draft',
    createdBy: 'u1',
    createdAt: AT,
    updatedAt: AT,
    revisionInitial: 'r0',
    revision: 'r0',
    contributors: ['u1'],
    comments: 0,
  };
}

describe('the change-request counters of a space', () => {
  it('follow every create and status change, and the recount finds nothing to correct', async () => {
    const store = memoryStore();
    const repo = new MongoChangeRequestRepository(store.db);
    await seedSpace(store, 's1');
    await repo.insert(changeRequest('c1', 's1', await repo.nextNumber('s1')));
    await repo.insert(changeRequest('c2', 's1', await repo.nextNumber('s1')));
    await repo.insert(changeRequest('c3', 's1', await repo.nextNumber('s1')));
    expect(await countersOf(store, 's1')).toEqual({
      ...zeroCounters,
      changeRequests: 3,
      changeRequestsDraft: 3,
    });
    await repo.update('c1', { status: 'draft' }, { status: 'open' }, AT);
    await repo.update('c2', { status: 'draft' }, { status: 'archived' }, AT);
    await repo.update('c1', { status: 'open' }, { status: 'merged' }, AT);
    // A compare-and-swap that finds another status moves nothing.
    expect(await repo.update('c1', { status: 'open' }, { status: 'archived' }, AT)).toBeNull();
    expect(await countersOf(store, 's1')).toEqual({
      ...zeroCounters,
      changeRequests: 3,
      changeRequestsDraft: 1,
    });
    expect(await recountChangeRequestCounters(store.db)).toEqual({ spaces: 1, corrections: [] });
  });

  it('edit a change request only from the revision the writer read, and add contributors once', async () => {
    const store = memoryStore();
    const repo = new MongoChangeRequestRepository(store.db);
    await seedSpace(store, 's1');
    await repo.insert(changeRequest('c1', 's1', 1));
    const edited = await repo.update('c1', { status: 'draft', revision: 'r0' }, { revision: 'r1' }, AT, 'u2');
    expect(edited).toMatchObject({ revision: 'r1', contributors: ['u1', 'u2'] });
    // A second writer that read r0 too loses.
    expect(
      await repo.update('c1', { status: 'draft', revision: 'r0' }, { revision: 'r2' }, AT, 'u3'),
    ).toBeNull();
    const again = await repo.update('c1', { status: 'draft', revision: 'r1' }, { revision: 'r2' }, AT, 'u2');
    expect(again).toMatchObject({ revision: 'r2', contributors: ['u1', 'u2'] });
    const listed = await repo.list('s1', { contributor: 'u2', status: 'draft' }, { limit: 10 });
    expect(listed.items.map((cr) => cr.id)).toEqual(['c1']);
    expect(await repo.count('s1', { contributor: 'u3' })).toBe(0);
  });

  it('are recounted by status after a crash between a write and its $inc', async () => {
    const store = memoryStore();
    const repo = new MongoChangeRequestRepository(store.db);
    const changeRequests = store.db.collection<LooseDocument>('changeRequests');
    await seedSpace(store, 's-right');
    await seedSpace(store, 's-crashed');
    await seedSpace(store, 's-none', { ...zeroCounters, changeRequests: 2, changeRequestsOpen: 1 });
    await seedSpace(store, 's-old', { comments: 0 } as Record<string, number>);
    await repo.insert(changeRequest('ok', 's-right', 1));
    await repo.insert(changeRequest('c1', 's-crashed', 1));
    await repo.insert(changeRequest('c2', 's-crashed', 2));
    // The crashes: a change request written without its $inc, and a status set without its moves.
    const { id: _id, ...lost } = changeRequest('c3', 's-crashed', 3);
    await changeRequests.insertOne({ _id: 'c3', ...lost, status: 'open' });
    await changeRequests.updateOne({ _id: 'c1' }, { $set: { status: 'open' } });

    const report = await recountChangeRequestCounters(store.db);
    expect(report.spaces).toBe(4);
    expect(report.corrections).toEqual([
      {
        spaceId: 's-crashed',
        was: { changeRequests: 2, changeRequestsOpen: 0, changeRequestsDraft: 2 },
        now: { changeRequests: 3, changeRequestsOpen: 2, changeRequestsDraft: 1 },
      },
      {
        spaceId: 's-none',
        was: { changeRequests: 2, changeRequestsOpen: 1, changeRequestsDraft: 0 },
        now: { changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 },
      },
      {
        spaceId: 's-old',
        was: { changeRequests: undefined, changeRequestsOpen: undefined, changeRequestsDraft: undefined },
        now: { changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 },
      },
    ]);
    expect(await countersOf(store, 's-crashed')).toEqual({
      comments: 3,
      changeRequests: 3,
      changeRequestsOpen: 2,
      changeRequestsDraft: 1,
    });
    expect(await countersOf(store, 's-right')).toEqual({
      ...zeroCounters,
      changeRequests: 1,
      changeRequestsDraft: 1,
    });
    expect((await recountChangeRequestCounters(store.db)).corrections).toEqual([]);
  });

  it('are repaired when the store opens after an unclean shutdown', async () => {
    const store = memoryStore();
    await seedSpace(store, 's1', { ...zeroCounters, changeRequests: 5, changeRequestsDraft: 5 });
    await openStoreSession(store, () => NOW); // never ended: a crash
    const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
    const log = {
      info: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }),
      warn: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }),
    };
    await openSessionAndRepair(store, { log, now: () => NOW + 1 });
    // The space's open-comment counter (3, with no comment) is recounted by the same repair.
    expect(await countersOf(store, 's1')).toEqual({ ...zeroCounters, comments: 0 });
    expect(lines.at(-1)?.fields).toMatchObject({
      changeRequestCountersCorrected: 1,
      commentCountersCorrected: 1,
    });
  });
});
