/**
 * Two servers starting on one MongoDB database after a crash (issue 34, item 4): each
 * registers its session before it reads the others', so two starting together see each
 * other and neither repairs; one starting while another repairs waits at the start gate
 * until the repair is done; a gate left by a crashed process is taken over. The two
 * "servers" are two store handles over one embedded database, flagged as MongoDB.
 */
import type { Store } from '@quire/store';
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';
import { describe, expect, it } from 'vitest';
import { openSessionAndRepair } from '../../src/maintenance/reconcile-after-unclean-shutdown';
import { takeStartGate } from '../../src/maintenance/startup-gate';
import { isLiveSession, openStoreSession, SESSION_EXPIRES_MS } from '../../src/maintenance/store-sessions';

const NOW = Date.parse('2030-01-01T00:00:00Z');
const sharedDatabase = () => new EmbeddedDatabase(new Map(), new MemoryJournal());
const server = (db: EmbeddedDatabase): Store => ({
  engine: 'mongodb',
  db,
  ping: async () => {},
  close: async () => {},
});
const silent = { info: () => {}, warn: () => {} };

describe('two servers starting on one store', () => {
  it('see each other when they start together: each registered before it read', async () => {
    const db = sharedDatabase();
    let bRegistered!: () => void;
    const registered = new Promise<void>((resolve) => {
      bRegistered = resolve;
    });
    // A registers, then (at its gate) waits until B registered too; only then do both read.
    const a = openStoreSession(
      server(db),
      () => NOW,
      () => registered,
    );
    const b = openStoreSession(
      server(db),
      () => NOW,
      async () => bRegistered(),
    );
    const [sessionA, sessionB] = await Promise.all([a, b]);
    expect(sessionA.live.map((session) => session._id)).toEqual([sessionB.id]);
    expect(sessionB.live.map((session) => session._id)).toEqual([sessionA.id]);
  });

  it('holds a second server at the gate while the first is in it, and lets it through once opened', async () => {
    const db = sharedDatabase();
    const store = server(db);
    const first = await openStoreSession(store, () => NOW);
    const gate = await takeStartGate(store, first.id, {
      isLive: isLiveSession(store, NOW),
      onWait: () => {},
    });
    const waits: Array<string | undefined> = [];
    let pauses = 0;
    const second = await openStoreSession(store, () => NOW + 1);
    const secondGate = takeStartGate(store, second.id, {
      isLive: isLiveSession(store, NOW + 1),
      onWait: (holder) => waits.push(holder?._id),
      pause: async () => {
        pauses += 1;
        if (pauses === 3) await gate.open();
      },
    });
    await secondGate;
    expect(waits).toEqual([first.id]);
    expect(pauses).toBe(3);
  });

  it('takes over a gate whose holder crashed (its session dead or gone), and repairs', async () => {
    const db = sharedDatabase();
    const store = server(db);
    // A server that crashed in its repair: its session is old, its gate still closed.
    const crashed = await openStoreSession(store, () => NOW - SESSION_EXPIRES_MS - 1);
    await takeStartGate(store, crashed.id, { isLive: () => false, onWait: () => {} });
    const lines: string[] = [];
    const log = {
      info: (_f: object, message: string) => lines.push(message),
      warn: (_f: object, message: string) => lines.push(message),
    };
    const session = await openSessionAndRepair(store, { log, now: () => NOW });
    expect(session.abandoned.map((found) => found._id)).toEqual([crashed.id]);
    expect(lines.some((line) => line.startsWith('the store was not closed cleanly last time'))).toBe(true);
    expect(await db.collection('storeMaintenance').countDocuments({})).toBe(0);
    // A gate whose holder's session is gone entirely is taken over too.
    await takeStartGate(store, 'a-session-that-never-was', { isLive: () => true, onWait: () => {} });
    await openSessionAndRepair(store, { log: silent, now: () => NOW + 1 });
    expect(await db.collection('storeMaintenance').countDocuments({})).toBe(0);
  });
});
