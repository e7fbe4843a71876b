import type { PageRequest, SessionRecord, SessionRepository, Slice } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { translateDuplicateKey } from '../duplicate-key';
import { findPage } from '../find-page';

const COLLECTION = 'sessions';

/** A web app session as stored: the record with its id as `_id`; never the cookie's secret. */
export interface SessionDocument extends Omit<SessionRecord, 'id'> {
  _id: string;
}

export const sessionIndexes: CollectionIndexes[] = [
  defineIndexes<SessionDocument>(COLLECTION, [
    // Every cookie-authenticated request looks its session up by the secret's hash.
    { key: { secretHash: 1 }, unique: true },
    // A user's sessions, in creation order (ids are time-ordered).
    { key: { userId: 1, _id: 1 } },
  ]),
];

function toRecord({ _id, ...rest }: SessionDocument): SessionRecord {
  return { id: _id, ...rest };
}

function toDocument({ id, ...rest }: SessionRecord): SessionDocument {
  return { _id: id, ...rest };
}

export class MongoSessionRepository implements SessionRepository {
  readonly #sessions: StoreCollection<SessionDocument>;

  constructor(db: StoreDatabase) {
    this.#sessions = db.collection<SessionDocument>(COLLECTION);
  }

  async insert(session: SessionRecord): Promise<void> {
    await translateDuplicateKey(
      () => this.#sessions.insertOne(toDocument(session)),
      'This session is already registered',
    );
  }

  async findById(id: string): Promise<SessionRecord | null> {
    const doc = await this.#sessions.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  async findBySecretHash(secretHash: string): Promise<SessionRecord | null> {
    const doc = await this.#sessions.findOne({ secretHash });
    return doc ? toRecord(doc) : null;
  }

  listByUser(userId: string, now: string, page: PageRequest): Promise<Slice<SessionRecord>> {
    return findPage(this.#sessions, { userId, expiresAt: { $gt: now } }, { direction: 1 }, page, toRecord);
  }

  countByUser(userId: string, now: string): Promise<number> {
    return this.#sessions.countDocuments({ userId, expiresAt: { $gt: now } });
  }

  async touch(id: string, lastSeenAt: string, expiresAt: string): Promise<void> {
    await this.#sessions.updateOne({ _id: id }, { $set: { lastSeenAt, expiresAt } });
  }

  async revoke(id: string): Promise<boolean> {
    return (await this.#sessions.deleteOne({ _id: id })).deletedCount === 1;
  }

  async revokeAllOfUser(userId: string): Promise<number> {
    return (await this.#sessions.deleteMany({ userId })).deletedCount;
  }

  async removeExpired(userId: string, now: string): Promise<number> {
    return (await this.#sessions.deleteMany({ userId, expiresAt: { $lte: now } })).deletedCount;
  }
}
