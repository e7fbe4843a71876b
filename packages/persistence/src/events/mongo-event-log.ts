/**
 * The shared event log on MongoDB: the `events` collection, followed through a change
 * stream (every server of a replica set or sharded cluster reads every insert). Events are
 * kept a day (a TTL index), long enough for any follower to resume after a failover, or less
 * when the event says so (`retainSeconds`: the co-editing relay's, minutes);
 * webhooks and the audit log will keep what they need in their own collections.
 *
 * Change streams need a replica set (a single-node one will do) or a sharded cluster:
 * `openEventBus` checks that before it uses this log.
 */
import type { DomainEvent } from '@quire/domain';
import type { ChangeStream, ChangeStreamInsertDocument, Collection, MongoDatabase } from '@quire/store';
import type { EventLog, EventLogFollow, EventLogHandlers } from './event-log';

const COLLECTION = 'events';
/** How long events stay in the log. */
export const EVENT_LOG_RETENTION_SECONDS = 24 * 60 * 60;

/** An event as stored: the event, its id as `_id`, and when the TTL index removes it. */
interface StoredEvent {
  _id: string;
  event: DomainEvent;
  expiresAt: Date;
}

/** The server error codes of a resume token the server can no longer resume from. */
const POSITION_LOST_CODES = new Set([
  286, // ChangeStreamHistoryLost
  260, // InvalidResumeToken
  280, // ChangeStreamFatalError
]);

/** A position that is a moment of the cluster's clock, not an event: "from now" (`now`). */
class OperationTimePosition {
  constructor(readonly operationTime: unknown) {}
}

/** The change stream ended without an error (a dropped or renamed collection, an invalidate). */
export class ChangeStreamEndedError extends Error {
  override readonly name = 'ChangeStreamEndedError';
}

export class MongoEventLog implements EventLog {
  readonly #db: MongoDatabase;
  readonly #events: Collection<StoredEvent>;

  private constructor(db: MongoDatabase) {
    this.#db = db;
    this.#events = db.collection<StoredEvent>(COLLECTION);
  }

  static async open(db: MongoDatabase): Promise<MongoEventLog> {
    const log = new MongoEventLog(db);
    await log.#events.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'events_expiresAt_ttl' });
    return log;
  }

  /**
   * Whether `db`'s deployment offers change streams: a replica set member or a mongos
   * answers `hello` with `setName` or `msg: 'isdbgrid'`; a standalone server does not.
   */
  static async canFollow(db: MongoDatabase): Promise<boolean> {
    const hello = await db.admin().command({ hello: 1 });
    return typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
  }

  async append(event: DomainEvent): Promise<void> {
    const seconds = Math.min(event.retainSeconds ?? EVENT_LOG_RETENTION_SECONDS, EVENT_LOG_RETENTION_SECONDS);
    const expiresAt = new Date(Date.parse(event.at) + seconds * 1000);
    await this.#events.insertOne({ _id: event.id, event, expiresAt });
  }

  /**
   * The cluster's time as a position: a replica set answers every command with its
   * `operationTime`, and a change stream started at it sees every insert acknowledged after.
   */
  async now(): Promise<unknown> {
    const answer = await this.#db.command({ ping: 1 });
    return answer.operationTime === undefined ? undefined : new OperationTimePosition(answer.operationTime);
  }

  follow(position: unknown | undefined, handlers: EventLogHandlers): EventLogFollow {
    const start =
      position === undefined
        ? {}
        : position instanceof OperationTimePosition
          ? { startAtOperationTime: position.operationTime as never }
          : { startAfter: position as ChangeStreamInsertDocument['_id'] };
    const stream: ChangeStream<StoredEvent, ChangeStreamInsertDocument<StoredEvent>> = this.#events.watch<
      StoredEvent,
      ChangeStreamInsertDocument<StoredEvent>
    >([{ $match: { operationType: 'insert' } }], start);
    let ended = false;
    /** Reports the end once, whatever ended it, unless this server closed it. */
    const end = (error: unknown) => {
      if (ended) return;
      ended = true;
      void stream.close().finally(() => handlers.onError(error));
    };
    stream.on('change', (change) => handlers.onEvent(change.fullDocument.event, change._id));
    // The driver resumes by itself what can be resumed; an error here ended the stream.
    stream.once('error', end);
    // Without an error, a stream ends when its collection is dropped or renamed, or it is
    // invalidated: silently, unless it is said and followed again (from the last event).
    stream.once('close', () => end(new ChangeStreamEndedError('the change stream of the event log ended')));
    stream.once('end', () => end(new ChangeStreamEndedError('the change stream of the event log ended')));
    return {
      close: () => {
        ended = true;
        return stream.close();
      },
    };
  }

  isPositionLost(error: unknown): boolean {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'number' && POSITION_LOST_CODES.has(code);
  }
}
