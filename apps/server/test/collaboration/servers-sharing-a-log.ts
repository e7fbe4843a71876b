/**
 * Several real servers in one process over one store and one shared event log, as servers
 * behind a load balancer share MongoDB and its `events` collection: each server has its own
 * `SharedLogEventBus` (the bus the MongoDB engine uses) following one log held in memory
 * (`MemoryEventLog`, which stands in for `MongoEventLog`'s collection and change stream). The
 * embedded engine admits one process per data directory, so this is as far as two servers go
 * on this machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DomainEvent } from '@quire/domain';
import {
  type EventLog,
  type EventLogFollow,
  type EventLogHandlers,
  SharedLogEventBus,
} from '@quire/persistence';
import { startServer } from '../../src/server';
import { openMemoryStore } from '../support/memory-store';
import { TestClock } from '../support/test-clock';
import { operationCaller, testConfig } from '../support/test-domain';
import { apiClient, type TestServer } from '../support/test-server';

/** A log every bus follows: an append reaches each follower on a later microtask, in order. */
export class MemoryEventLog implements EventLog {
  readonly events: DomainEvent[] = [];
  readonly #followers = new Map<EventLogHandlers, { next: number }>();

  async append(event: DomainEvent): Promise<void> {
    this.events.push(event);
    queueMicrotask(() => this.#pump());
  }

  async now(): Promise<unknown> {
    return this.events.length - 1;
  }

  follow(position: unknown, handlers: EventLogHandlers): EventLogFollow {
    const next = position === undefined ? this.events.length : (position as number) + 1;
    this.#followers.set(handlers, { next });
    queueMicrotask(() => this.#pump());
    return {
      close: async () => {
        this.#followers.delete(handlers);
      },
    };
  }

  isPositionLost(): boolean {
    return false;
  }

  #pump(): void {
    for (const [handlers, follower] of this.#followers) {
      while (follower.next < this.events.length && this.#followers.has(handlers)) {
        const position = follower.next++;
        handlers.onEvent(this.events[position] as DomainEvent, position);
      }
    }
  }
}

export interface ServersSharingALog {
  servers: TestServer[];
  log: MemoryEventLog;
  close(): Promise<void>;
}

export async function startServersSharingALog(
  count: number,
  env: Record<string, string> = {},
): Promise<ServersSharingALog> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-test-'));
  const store = await openMemoryStore();
  // Each server closes "its" store when it stops: the shared one closes once, after all.
  const shared = { ...store, close: async () => {} };
  const log = new MemoryEventLog();
  const ignore = () => {};
  const servers: TestServer[] = [];
  for (let index = 0; index < count; index++) {
    const config = testConfig(dataDir, {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      QUIRE_RATE_LIMIT: '1000000',
      QUIRE_AUTH_FAILURE_LIMIT: '1000000',
      ...env,
    });
    const clock = new TestClock();
    const events = await SharedLogEventBus.open(log, { onProblem: ignore });
    const server = await startServer(config, { clock, logger: false, store: shared, events });
    servers.push({
      ...server,
      clock,
      config,
      callOperation: operationCaller(server.services),
      api: apiClient(server.url),
    });
  }
  return {
    servers,
    log,
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
