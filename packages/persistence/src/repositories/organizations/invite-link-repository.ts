import type { InviteLinkRecord, InviteLinkRepository, PageRequest, RoleOrGuest, Slice } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { findPage } from '../find-page';

const COLLECTION = 'inviteLinks';

/** An invite link as stored; `_id` is the link's id (time-ordered: by id is by creation). */
export interface InviteLinkDocument extends Omit<InviteLinkRecord, 'id'> {
  _id: string;
}

export const inviteLinkIndexes: CollectionIndexes[] = [
  defineIndexes<InviteLinkDocument>(COLLECTION, [
    // The links of an organization, in creation order.
    { key: { organizationId: 1, _id: 1 } },
    // Joining through a link looks it up by the secret its URL carries.
    { key: { token: 1 }, unique: true },
  ]),
];

const toRecord = ({ _id, ...rest }: InviteLinkDocument): InviteLinkRecord => ({ id: _id, ...rest });
const toDocument = ({ id, ...rest }: InviteLinkRecord): InviteLinkDocument => ({ _id: id, ...rest });

export class MongoInviteLinkRepository implements InviteLinkRepository {
  readonly #links: StoreCollection<InviteLinkDocument>;

  constructor(db: StoreDatabase) {
    this.#links = db.collection<InviteLinkDocument>(COLLECTION);
  }

  async insert(link: InviteLinkRecord): Promise<void> {
    await this.#links.insertOne(toDocument(link));
  }

  async findById(organizationId: string, inviteId: string): Promise<InviteLinkRecord | null> {
    const doc = await this.#links.findOne({ _id: inviteId, organizationId });
    return doc ? toRecord(doc) : null;
  }

  async findByToken(token: string): Promise<InviteLinkRecord | null> {
    const doc = await this.#links.findOne({ token });
    return doc ? toRecord(doc) : null;
  }

  list(organizationId: string, page: PageRequest): Promise<Slice<InviteLinkRecord>> {
    return findPage(this.#links, { organizationId }, { direction: 1 }, page, toRecord);
  }

  count(organizationId: string): Promise<number> {
    return this.#links.countDocuments({ organizationId });
  }

  async updateRole(
    organizationId: string,
    inviteId: string,
    role: RoleOrGuest,
  ): Promise<InviteLinkRecord | null> {
    const doc = await this.#links.findOneAndUpdate(
      { _id: inviteId, organizationId },
      { $set: { role } },
      { returnDocument: 'after' },
    );
    return doc ? toRecord(doc) : null;
  }

  async delete(organizationId: string, inviteId: string): Promise<boolean> {
    const result = await this.#links.deleteOne({ _id: inviteId, organizationId });
    return result.deletedCount === 1;
  }
}
