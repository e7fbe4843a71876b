import type { OptionalUserField, PageRequest, Slice, UserRecord, UserRepository } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { definedFields } from '../defined-fields';
import { translateDuplicateKey } from '../duplicate-key';
import { findPage } from '../find-page';

const COLLECTION = 'users';

/**
 * A user as stored: the record with its id as `_id`, and the hash of their password when
 * they have one. The hash never leaves this file inside a `UserRecord`.
 */
export interface UserDocument extends Omit<UserRecord, 'id'> {
  _id: string;
  passwordHash?: string;
}

/** The unique email is the lookup of `findByEmail` and the guard against duplicates. */
export const userIndexes: CollectionIndexes[] = [
  defineIndexes<UserDocument>(COLLECTION, [{ key: { email: 1 }, unique: true }]),
];

const EMAIL_TAKEN = 'A user with this email already exists';

function toRecord({ _id, passwordHash: _secret, ...rest }: UserDocument): UserRecord {
  return { id: _id, ...rest };
}

function toDocument({ id, ...rest }: UserRecord, passwordHash: string | undefined): UserDocument {
  return passwordHash === undefined ? { _id: id, ...rest } : { _id: id, ...rest, passwordHash };
}

export class MongoUserRepository implements UserRepository {
  readonly #users: StoreCollection<UserDocument>;

  constructor(db: StoreDatabase) {
    this.#users = db.collection<UserDocument>(COLLECTION);
  }

  async insert(user: UserRecord, passwordHash?: string): Promise<void> {
    await translateDuplicateKey(() => this.#users.insertOne(toDocument(user, passwordHash)), EMAIL_TAKEN);
  }

  async findById(id: string): Promise<UserRecord | null> {
    const doc = await this.#users.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  async findByIds(ids: readonly string[]): Promise<UserRecord[]> {
    if (ids.length === 0) return [];
    const docs = await this.#users.find({ _id: { $in: [...ids] } }).toArray();
    return docs.map(toRecord);
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const doc = await this.#users.findOne({ email: email.toLowerCase() });
    return doc ? toRecord(doc) : null;
  }

  async findWithPasswordHash(
    email: string,
  ): Promise<{ user: UserRecord; passwordHash: string | null } | null> {
    const doc = await this.#users.findOne({ email: email.toLowerCase() });
    return doc ? { user: toRecord(doc), passwordHash: doc.passwordHash ?? null } : null;
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<boolean> {
    const result = await this.#users.updateOne({ _id: userId }, { $set: { passwordHash } });
    return result.matchedCount === 1;
  }

  list(page: PageRequest): Promise<Slice<UserRecord>> {
    return findPage(this.#users, {}, { direction: 1 }, page, toRecord);
  }

  count(): Promise<number> {
    return this.#users.countDocuments({});
  }

  async update(
    id: string,
    set: Partial<Omit<UserRecord, 'id' | 'createdAt'>>,
    unset: ReadonlyArray<OptionalUserField> = [],
  ): Promise<UserRecord | null> {
    const fields = definedFields(set);
    if (fields.email !== undefined) fields.email = fields.email.toLowerCase();
    if (Object.keys(fields).length === 0 && unset.length === 0) return this.findById(id);
    const update = {
      ...(Object.keys(fields).length > 0 ? { $set: fields } : {}),
      ...(unset.length > 0 ? { $unset: Object.fromEntries(unset.map((field) => [field, '' as const])) } : {}),
    };
    const doc = await translateDuplicateKey(
      () => this.#users.findOneAndUpdate({ _id: id }, update, { returnDocument: 'after' }),
      EMAIL_TAKEN,
    );
    return doc ? toRecord(doc) : null;
  }
}
