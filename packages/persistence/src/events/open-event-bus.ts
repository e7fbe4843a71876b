import { mongoDatabaseOf, type Store } from '@quire/store';
import type { EventBus, EventBusProblem } from './event-bus';
import { InProcessEventBus } from './in-process-event-bus';
import { MongoEventLog } from './mongo-event-log';
import { SharedLogEventBus } from './shared-log-event-bus';

export interface OpenedEventBus {
  bus: EventBus;
  /** 'shared': every server on the store sees every event; 'this server': only this one. */
  reach: 'shared' | 'this server';
}

/**
 * The event bus that goes with `store`: on the embedded engine (one server per data
 * directory) events stay in this process; on MongoDB they go through the shared event log,
 * when the deployment offers change streams. A standalone MongoDB does not: its events stay
 * in this process too, which is right for a single server and is said at startup (`reach`).
 */
export async function openEventBus(store: Store, onProblem: EventBusProblem): Promise<OpenedEventBus> {
  const db = mongoDatabaseOf(store);
  if (db && (await MongoEventLog.canFollow(db))) {
    return {
      bus: await SharedLogEventBus.open(await MongoEventLog.open(db), { onProblem }),
      reach: 'shared',
    };
  }
  return { bus: new InProcessEventBus(onProblem), reach: 'this server' };
}
