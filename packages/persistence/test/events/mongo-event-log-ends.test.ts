/**
 * What the MongoDB event log does when its change stream ends without an error (its
 * collection dropped or renamed, an invalidate) or fails: the follower hears it once, so the
 * bus follows again from the last event. The driver's stream is stood in for by an emitter
 * with its events (`change`, `error`, `close`, `end`): no server runs here (MONGODB_URI runs
 * the real one in event-buses.test.ts).
 */
import { EventEmitter } from 'node:events';
import type { MongoDatabase } from '@quire/store';
import { describe, expect, it } from 'vitest';
import { ChangeStreamEndedError, MongoEventLog } from '../../src/events/mongo-event-log';

class StreamStandIn extends EventEmitter {
  closed = 0;
  async close(): Promise<void> {
    this.closed += 1;
  }
}

async function logOverStandIn() {
  const streams: StreamStandIn[] = [];
  const watchOptions: unknown[] = [];
  const collection = {
    createIndex: async () => 'events_expiresAt_ttl',
    watch: (_pipeline: unknown, options: unknown) => {
      watchOptions.push(options);
      const stream = new StreamStandIn();
      streams.push(stream);
      return stream;
    },
  };
  const db = {
    collection: () => collection,
    command: async () => ({ ok: 1, operationTime: { t: 42, i: 1 } }),
  } as unknown as MongoDatabase;
  return { log: await MongoEventLog.open(db), streams, watchOptions };
}

describe('the MongoDB event log when its stream ends', () => {
  it.each(['close', 'end'])(
    'reports a stream that emits %s once, as an end to follow again from',
    async (name) => {
      const { log, streams } = await logOverStandIn();
      const errors: unknown[] = [];
      log.follow(undefined, { onEvent: () => {}, onError: (error) => errors.push(error) });
      streams[0]!.emit(name);
      streams[0]!.emit(name === 'close' ? 'end' : 'close');
      await expect.poll(() => errors.length).toBe(1);
      expect(errors[0]).toBeInstanceOf(ChangeStreamEndedError);
    },
  );

  it('reports an error once and closes the stream', async () => {
    const { log, streams } = await logOverStandIn();
    const errors: unknown[] = [];
    log.follow(undefined, { onEvent: () => {}, onError: (error) => errors.push(error) });
    const failure = new Error('cursor killed');
    streams[0]!.emit('error', failure);
    streams[0]!.emit('close');
    await expect.poll(() => errors.length).toBe(1);
    expect(errors).toEqual([failure]);
    expect(streams[0]!.closed).toBe(1);
  });

  it('says nothing when this server closed the stream itself', async () => {
    const { log, streams } = await logOverStandIn();
    const errors: unknown[] = [];
    const follow = log.follow(undefined, { onEvent: () => {}, onError: (error) => errors.push(error) });
    await follow.close();
    streams[0]!.emit('close');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toEqual([]);
  });

  it("starts a follow from now at the cluster's operation time, and from an event after its resume token", async () => {
    const { log, watchOptions } = await logOverStandIn();
    log.follow(await log.now(), { onEvent: () => {}, onError: () => {} });
    log.follow({ _data: 'token' }, { onEvent: () => {}, onError: () => {} });
    expect(watchOptions).toEqual([
      { startAtOperationTime: { t: 42, i: 1 } },
      { startAfter: { _data: 'token' } },
    ]);
  });
});
