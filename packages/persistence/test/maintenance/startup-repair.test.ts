/**
 * The store session that tells an unclean shutdown, and the repair it triggers: counters
 * recounted from the documents, abandoned hostname claims released. (The kill -9 test of
 * the whole path is apps/server/test/startup/counters-crash.test.ts.)
 */

import type { Store } from '@quire/store';
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';
import { describe, expect, it, vi } from 'vitest';
import { openSessionAndRepair } from '../../src/maintenance/reconcile-after-unclean-shutdown';
import { recountOrganizationCounters } from '../../src/maintenance/recount-organization-counters';
import { openStoreSession, SESSION_EXPIRES_MS } from '../../src/maintenance/store-sessions';

/** A stored document as the tests write and read it. */
interface LooseDocument {
  _id: string;
  [field: string]: unknown;
}

const NOW = Date.parse('2030-01-01T00:00:00Z');

function memoryStore(
  engine: Store['engine'],
  db = new EmbeddedDatabase(new Map(), new MemoryJournal()),
): Store {
  return { engine, db, ping: async () => {}, close: async () => {} };
}

function recordingLog() {
  const lines: Array<{ level: 'info' | 'warn'; message: string; fields: Record<string, unknown> }> = [];
  return {
    lines,
    info: (fields: Record<string, unknown>, message: string) =>
      lines.push({ level: 'info', message, fields }),
    warn: (fields: Record<string, unknown>, message: string) =>
      lines.push({ level: 'warn', message, fields }),
  };
}

async function seedOrganization(
  store: Store,
  id: string,
  counters: { members: number; admins: number; active?: number },
) {
  await store.db.collection<LooseDocument>('organizations').insertOne({
    _id: id,
    title: id,
    memberCount: counters.members,
    adminCount: counters.admins,
  });
  if (counters.active !== undefined)
    await store.db.collection<LooseDocument>('spaceCounts').insertOne({ _id: id, active: counters.active });
}

describe('store sessions', () => {
  it('find the session a process left without ending it (embedded: every one is dead)', async () => {
    const store = memoryStore('embedded');
    const clean = await openStoreSession(store, () => NOW);
    await clean.end();
    const crashed = await openStoreSession(store, () => NOW + 1);
    expect(crashed.abandoned).toEqual([]);
    // `crashed` never ends: the next opener finds it, even a moment later.
    const next = await openStoreSession(store, () => NOW + 2);
    expect(next.abandoned.map((session) => session._id)).toEqual([crashed.id]);
    expect(next.live).toEqual([]);
    expect(next.renewEveryMs).toBeNull();
    await next.settle();
    await next.end();
    expect(await store.db.collection<LooseDocument>('storeSessions').countDocuments({})).toBe(0);
  });

  it('on MongoDB, tell live servers (renewed recently) from dead ones', async () => {
    const store = memoryStore('mongodb');
    let now = NOW;
    const dead = await openStoreSession(store, () => now);
    now += SESSION_EXPIRES_MS / 2;
    const alive = await openStoreSession(store, () => now);
    now += SESSION_EXPIRES_MS / 2 + 1;
    await alive.renew();
    const next = await openStoreSession(store, () => now);
    expect(next.abandoned.map((session) => session._id)).toEqual([dead.id]);
    expect(next.live.map((session) => session._id)).toEqual([alive.id]);
    expect(next.renewEveryMs).toBeGreaterThan(0);
  });

  it("on MongoDB, renew and judge by the database server's clock, not each server's own", async () => {
    let databaseNow = NOW;
    const store: Store = { ...memoryStore('mongodb'), time: async () => databaseNow };
    const alive = await openStoreSession(store);
    databaseNow += SESSION_EXPIRES_MS / 2;
    await alive.renew();
    databaseNow += SESSION_EXPIRES_MS / 2 + 1;
    // This process's clock runs hours ahead (and a peer's could run behind): it is not read.
    const ownClock = vi.spyOn(Date, 'now').mockReturnValue(NOW + 3 * 3_600_000);
    try {
      const next = await openStoreSession(store);
      expect(next.live.map((session) => session._id)).toEqual([alive.id]);
      expect(next.abandoned).toEqual([]);
      const stored = await store.db.collection<LooseDocument>('storeSessions').findOne({ _id: next.id });
      expect(stored?.renewedAt).toBe(databaseNow);
    } finally {
      ownClock.mockRestore();
    }
  });
});

describe('the repair after an unclean shutdown', () => {
  it('recounts every counter from the documents and leaves right ones alone', async () => {
    const store = memoryStore('embedded');
    const { db } = store;
    await seedOrganization(store, 'o-right', { members: 2, admins: 1, active: 1 });
    await seedOrganization(store, 'o-wrong', { members: 5, admins: 0, active: 7 });
    await seedOrganization(store, 'o-no-counter', { members: 1, admins: 1 });
    await db.collection<LooseDocument>('members').insertMany([
      { _id: 'o-right:a', organizationId: 'o-right', role: 'admin' },
      { _id: 'o-right:b', organizationId: 'o-right', role: null },
      { _id: 'o-wrong:a', organizationId: 'o-wrong', role: 'admin' },
      { _id: 'o-wrong:b', organizationId: 'o-wrong', role: 'admin' },
      { _id: 'o-no-counter:a', organizationId: 'o-no-counter', role: 'admin' },
    ]);
    await db.collection<LooseDocument>('spaces').insertMany([
      { _id: 's1', organizationId: 'o-right' },
      { _id: 's2', organizationId: 'o-right', deletedAt: '2029-01-01T00:00:00.000Z' },
      { _id: 's3', organizationId: 'o-wrong' },
      { _id: 's4', organizationId: 'o-no-counter' },
    ]);

    const report = await recountOrganizationCounters(db);
    expect(report.organizations).toBe(3);
    expect(report.corrections).toEqual([
      { organizationId: 'o-no-counter', activeSpaces: { was: null, now: 1 } },
      {
        organizationId: 'o-wrong',
        memberCount: { was: 5, now: 2 },
        adminCount: { was: 0, now: 2 },
        activeSpaces: { was: 7, now: 1 },
      },
    ]);
    const organizations = await db
      .collection('organizations')
      .find({}, { sort: { _id: 1 } })
      .toArray();
    expect(organizations.map(({ _id, memberCount, adminCount }) => [_id, memberCount, adminCount])).toEqual([
      ['o-no-counter', 1, 1],
      ['o-right', 2, 1],
      ['o-wrong', 2, 2],
    ]);
    expect(
      await db
        .collection('spaceCounts')
        .find({}, { sort: { _id: 1 } })
        .toArray(),
    ).toEqual([
      { _id: 'o-no-counter', active: 1 },
      { _id: 'o-right', active: 1 },
      { _id: 'o-wrong', active: 1 },
    ]);
    expect((await recountOrganizationCounters(db)).corrections).toEqual([]);
  });

  it('runs at open after an unclean shutdown, logs what it did, and forgets the dead session', async () => {
    const store = memoryStore('embedded');
    await seedOrganization(store, 'o1', { members: 3, admins: 3, active: 0 });
    await store.db
      .collection<LooseDocument>('members')
      .insertOne({ _id: 'o1:a', organizationId: 'o1', role: 'admin' });
    await store.db
      .collection<LooseDocument>('organizationHostnames')
      .insertOne({ _id: 'left-behind', organizationId: 'o1', claimedAt: NOW - 1, token: 't' });
    // A tree lock whose lease runs on: its holder died with the process that did not close.
    await store.db
      .collection<LooseDocument>('treeLocks')
      .insertOne({ _id: 'o1', holder: 'dead', expiresAt: new Date(NOW + 30_000).toISOString() });

    const clean = recordingLog();
    await (await openSessionAndRepair(store, { log: clean, now: () => NOW })).end();
    expect(clean.lines).toEqual([]);
    expect(
      (await store.db.collection<LooseDocument>('organizations').findOne({ _id: 'o1' }))?.memberCount,
    ).toBe(3);

    await openSessionAndRepair(store, { log: recordingLog(), now: () => NOW }); // never ended: a crash
    const log = recordingLog();
    const session = await openSessionAndRepair(store, { log, now: () => NOW + 1 });
    expect(log.lines.map((line) => line.level)).toEqual(['warn', 'info']);
    expect(log.lines[1]?.message).toMatch(
      /^recounted the counters of 1 organizations in \d+ ms \(1 corrected/,
    );
    expect(log.lines[1]?.fields).toMatchObject({
      organizations: 1,
      corrected: 1,
      hostnameClaimsReleased: 1,
      treeLocksReleased: 1,
    });
    expect(await store.db.collection<LooseDocument>('treeLocks').countDocuments({})).toBe(0);
    expect(await store.db.collection<LooseDocument>('organizations').findOne({ _id: 'o1' })).toMatchObject({
      memberCount: 1,
      adminCount: 1,
    });
    expect(await store.db.collection<LooseDocument>('organizationHostnames').countDocuments({})).toBe(0);
    expect(await store.db.collection<LooseDocument>('storeSessions').find({}).toArray()).toEqual([
      expect.objectContaining({ _id: session.id }),
    ]);
  });

  it('waits, saying why, while another server uses the MongoDB database', async () => {
    const store = memoryStore('mongodb');
    await seedOrganization(store, 'o1', { members: 9, admins: 9, active: 0 });
    await openStoreSession(store, () => NOW - SESSION_EXPIRES_MS - 1); // dead
    await openStoreSession(store, () => NOW); // alive
    const log = recordingLog();
    await openSessionAndRepair(store, { log, now: () => NOW + 1 });
    expect(log.lines.map((line) => line.level)).toEqual(['warn']);
    expect(log.lines[0]?.message).toContain('other servers are using it now');
    expect(
      (await store.db.collection<LooseDocument>('organizations').findOne({ _id: 'o1' }))?.memberCount,
    ).toBe(9);
    // The dead session stays, so a later start without the other server repairs.
    expect(await store.db.collection<LooseDocument>('storeSessions').countDocuments({})).toBe(3);
  });
});
