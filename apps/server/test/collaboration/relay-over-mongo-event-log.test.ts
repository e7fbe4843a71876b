/**
 * The MongoDB path of co-editing across servers, as far as it runs without a MongoDB server:
 * two servers' relays, each over its own `SharedLogEventBus` over its own `MongoEventLog` (the
 * very classes `openEventBus` picks for a replica set), over one stand-in of the `events`
 * collection whose inserts its change streams deliver (as MongoDB's do, to every server).
 * A page typed on one server reaches the other's copy; the stored event carries the update
 * as base64 and expires within minutes, not the day other events are kept.
 */
import { EventEmitter } from 'node:events';
import { Document } from '@hocuspocus/server';
import { MongoEventLog, SharedLogEventBus } from '@quire/persistence';
import type { MongoDatabase } from '@quire/store';
import { describe, expect, it } from 'vitest';
import { TimeOrderedIds } from '../../src/adapters/time-ordered-ids';
import { CollaborationRelay, RELAY_RETAIN_SECONDS } from '../../src/collaboration/collaboration-relay';

interface Stored {
  _id: string;
  event: { type: string; bytes?: string; at: string };
  expiresAt: Date;
}

/** The `events` collection: inserts kept, and each one a change on every open stream. */
function eventsCollection() {
  const stored: Stored[] = [];
  const streams = new Set<EventEmitter>();
  const collection = {
    createIndex: async () => 'events_expiresAt_ttl',
    insertOne: async (document: Stored) => {
      stored.push(document);
      for (const stream of streams)
        setImmediate(() => stream.emit('change', { _id: { token: stored.length }, fullDocument: document }));
    },
    watch: () => {
      const stream = Object.assign(new EventEmitter(), {
        close: async () => {
          streams.delete(stream);
        },
      });
      streams.add(stream);
      return stream;
    },
  };
  const db = {
    collection: () => collection,
    command: async () => ({ ok: 1, operationTime: { t: 1, i: 1 } }),
  } as unknown as MongoDatabase;
  return { db, stored };
}

const until = (doc: Document, check: () => boolean) =>
  new Promise<void>((resolve) => {
    if (check()) return resolve();
    const look = () => {
      if (!check()) return;
      doc.off('update', look);
      resolve();
    };
    doc.on('update', look);
  });

describe("co-editing across servers over MongoDB's event log (a stand-in collection)", () => {
  it("carries a page's updates from one server to the other, stored to expire within minutes", async () => {
    const { db, stored } = eventsCollection();
    const problems: unknown[] = [];
    const onProblem = (message: string) => problems.push(message);
    const clock = { now: () => new Date('2026-11-29T12:00:00.000Z') };
    const servers = await Promise.all(
      // The first loads the page alone (a short wait for nobody), the second waits for the first.
      [
        ['first', 10],
        ['second', 2_000],
      ].map(async ([serverId, loadWaitMs]) => {
        const bus = await SharedLogEventBus.open(await MongoEventLog.open(db), { onProblem });
        const relay = new CollaborationRelay(
          bus,
          serverId as string,
          { ids: new TimeOrderedIds(), clock },
          { maxBytes: 64 * 1024, loadWaitMs: loadWaitMs as number },
          onProblem,
        );
        return { bus, relay, doc: new Document('space/live/page') };
      }),
    );
    const [first, second] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const page = { organizationId: 'org', spaceId: 'space', base: () => 'revision-1' };
    try {
      // Nobody holds the page yet: the first server's ask has no answer.
      first.doc.getText('t').insert(0, 'typed on the first server');
      expect(await first.relay.join('space/live/page', first.doc, page)).toBeNull();
      // The second loads it: the first answers with what it holds, and the base it grew from.
      expect(await second.relay.join('space/live/page', second.doc, page)).toEqual({ base: 'revision-1' });
      expect(second.doc.getText('t').toString()).toBe('typed on the first server');

      second.doc.getText('t').insert(0, '> ');
      await until(first.doc, () => first.doc.getText('t').toString() === '> typed on the first server');

      const relayed = stored.filter((document) => document.event.type === 'collaboration.relay');
      expect(relayed.length).toBeGreaterThan(0);
      for (const document of relayed) {
        expect(typeof document.event.bytes).toBe('string');
        expect(document.expiresAt.getTime() - Date.parse(document.event.at)).toBe(
          RELAY_RETAIN_SECONDS * 1000,
        );
      }
      // An update over the limit is not sent: the other server's copy does not get it.
      second.doc.getText('big').insert(0, 'x'.repeat(64 * 1024 + 1));
      expect(second.relay.counters.tooLarge).toBe(1);
      first.doc.getText('t').insert(0, '!');
      await until(second.doc, () => second.doc.getText('t').toString().startsWith('!'));
      expect(first.doc.getText('big').length).toBe(0);
      expect(problems).toEqual([expect.stringContaining("over the relay's limit")]);
    } finally {
      for (const server of servers) {
        server.relay.close();
        await server.bus.close();
      }
    }
  });
});
