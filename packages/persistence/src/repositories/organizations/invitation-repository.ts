import type { InvitationRecord, InvitationRepository, PageRequest, Slice } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes, isDuplicateKeyError } from '@quire/store';
import { findPage } from '../find-page';

const COLLECTION = 'invitations';

/** An invitation as stored; `_id` is its id (time-ordered: by id is by creation). Never its token. */
export interface InvitationDocument extends Omit<InvitationRecord, 'id'> {
  _id: string;
}

export const invitationIndexes: CollectionIndexes[] = [
  defineIndexes<InvitationDocument>(COLLECTION, [
    // One pending invitation per organization and address; also the organization's list.
    { key: { organizationId: 1, email: 1 }, unique: true },
    { key: { organizationId: 1, _id: 1 } },
    // Opening a link looks its invitation up by the token's hash.
    { key: { tokenHash: 1 }, unique: true },
  ]),
];

const toRecord = ({ _id, ...rest }: InvitationDocument): InvitationRecord => ({ id: _id, ...rest });

export class MongoInvitationRepository implements InvitationRepository {
  readonly #invitations: StoreCollection<InvitationDocument>;

  constructor(db: StoreDatabase) {
    this.#invitations = db.collection<InvitationDocument>(COLLECTION);
  }

  async upsert(invitation: InvitationRecord): Promise<InvitationRecord> {
    const { id, organizationId, email, createdAt, ...renewed } = invitation;
    const renew = () =>
      this.#invitations.findOneAndUpdate(
        { organizationId, email },
        { $set: renewed },
        { returnDocument: 'after' },
      );
    // Renewed in place (its id and first date kept), else made; two admins inviting one
    // address at once meet at the unique (organization, address): the loser renews.
    const found = await renew();
    if (found) return toRecord(found);
    try {
      await this.#invitations.insertOne({ _id: id, organizationId, email, createdAt, ...renewed });
      return invitation;
    } catch (error) {
      const raced = isDuplicateKeyError(error) ? await renew() : null;
      if (!raced) throw error;
      return toRecord(raced);
    }
  }

  async findById(organizationId: string, invitationId: string): Promise<InvitationRecord | null> {
    const doc = await this.#invitations.findOne({ _id: invitationId, organizationId });
    return doc ? toRecord(doc) : null;
  }

  async findByTokenHash(tokenHash: string): Promise<InvitationRecord | null> {
    const doc = await this.#invitations.findOne({ tokenHash });
    return doc ? toRecord(doc) : null;
  }

  async findByEmail(organizationId: string, email: string): Promise<InvitationRecord | null> {
    const doc = await this.#invitations.findOne({ organizationId, email });
    return doc ? toRecord(doc) : null;
  }

  list(organizationId: string, page: PageRequest): Promise<Slice<InvitationRecord>> {
    return findPage(this.#invitations, { organizationId }, { direction: 1 }, page, toRecord);
  }

  count(organizationId: string): Promise<number> {
    return this.#invitations.countDocuments({ organizationId });
  }

  async renew(
    organizationId: string,
    invitationId: string,
    set: Pick<InvitationRecord, 'tokenHash' | 'invitedBy' | 'sentAt' | 'expiresAt'>,
  ): Promise<InvitationRecord | null> {
    const doc = await this.#invitations.findOneAndUpdate(
      { _id: invitationId, organizationId },
      { $set: set },
      { returnDocument: 'after' },
    );
    return doc ? toRecord(doc) : null;
  }

  async delete(organizationId: string, invitationId: string, tokenHash?: string): Promise<boolean> {
    const filter = { _id: invitationId, organizationId, ...(tokenHash === undefined ? {} : { tokenHash }) };
    return (await this.#invitations.deleteOne(filter)).deletedCount === 1;
  }
}
