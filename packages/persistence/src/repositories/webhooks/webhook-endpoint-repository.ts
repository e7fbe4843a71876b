/**
 * An organization's webhook endpoints: one document each, `_id` the endpoint's id
 * (time-ordered: by id is by creation). Failures are counted by `$inc`, so attempts ending
 * at once each count; disabling is conditional on the endpoint being on, so one attempt
 * disables it and its admins are told once.
 */
import type {
  PageRequest,
  Slice,
  WebhookDisabledReason,
  WebhookEndpointChanges,
  WebhookEndpointRecord,
  WebhookEndpointRepository,
} from '@quire/domain';
import {
  type CollectionIndexes,
  defineIndexes,
  type StoreCollection,
  type StoreDatabase,
} from '@quire/store';
import { definedFields } from '../defined-fields';
import { findPage } from '../find-page';

const COLLECTION = 'webhookEndpoints';

type WebhookEndpointDocument = Omit<WebhookEndpointRecord, 'id'> & { _id: string };

export const webhookEndpointIndexes: CollectionIndexes[] = [
  defineIndexes<WebhookEndpointDocument>(COLLECTION, [
    // The endpoints of an organization in creation order; its active ones (every event's lookup).
    { key: { organizationId: 1, _id: 1 } },
    { key: { organizationId: 1, active: 1 } },
  ]),
];

/** More than an organization may have (100): `listActive` is not paged. */
const MAX_ACTIVE = 1000;

export class MongoWebhookEndpointRepository implements WebhookEndpointRepository {
  readonly #endpoints: StoreCollection<WebhookEndpointDocument>;

  constructor(db: StoreDatabase) {
    this.#endpoints = db.collection<WebhookEndpointDocument>(COLLECTION);
  }

  async insert({ id, ...rest }: WebhookEndpointRecord): Promise<void> {
    await this.#endpoints.insertOne({ _id: id, ...rest });
  }

  async findById(organizationId: string, endpointId: string): Promise<WebhookEndpointRecord | null> {
    const doc = await this.#endpoints.findOne({ _id: endpointId, organizationId });
    return doc ? toRecord(doc) : null;
  }

  list(organizationId: string, page: PageRequest): Promise<Slice<WebhookEndpointRecord>> {
    return findPage(this.#endpoints, { organizationId }, { direction: 1 }, page, toRecord);
  }

  count(organizationId: string): Promise<number> {
    return this.#endpoints.countDocuments({ organizationId });
  }

  async listActive(organizationId: string): Promise<WebhookEndpointRecord[]> {
    const docs = await this.#endpoints
      .find({ organizationId, active: true }, { sort: { _id: 1 }, limit: MAX_ACTIVE })
      .toArray();
    return docs.map(toRecord);
  }

  async organizationsWithActive(): Promise<string[]> {
    const docs = await this.#endpoints
      .find({ active: true }, { projection: { _id: 1, organizationId: 1 } })
      .toArray();
    return [...new Set(docs.map((doc) => doc.organizationId))];
  }

  async markRecoveredUntil(endpointId: string, until: string): Promise<void> {
    await this.#endpoints.updateOne(
      { _id: endpointId, $or: [{ recoveredUntil: { $exists: false } }, { recoveredUntil: { $lt: until } }] },
      { $set: { recoveredUntil: until } },
    );
  }

  async update(
    organizationId: string,
    endpointId: string,
    changes: WebhookEndpointChanges,
  ): Promise<WebhookEndpointRecord | null> {
    // Turned on again: what happened while it was off is not its to receive (the recovery
    // sweep reads changes from here on).
    if (changes.active === true)
      await this.#endpoints.updateOne(
        { _id: endpointId, organizationId, active: false },
        { $set: { eventsFrom: changes.updatedAt } },
      );
    const set: Record<string, unknown> = definedFields(changes as unknown as Record<string, unknown>);
    const unset: Record<string, ''> = {};
    if (changes.active === true) {
      set.consecutiveFailures = 0;
      unset.disabledReason = '';
    } else if (changes.active === false) set.disabledReason = 'admin';
    const doc = await this.#endpoints.findOneAndUpdate(
      { _id: endpointId, organizationId },
      { $set: set, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) },
      { returnDocument: 'after' },
    );
    return doc ? toRecord(doc) : null;
  }

  async delete(organizationId: string, endpointId: string): Promise<boolean> {
    return (await this.#endpoints.deleteOne({ _id: endpointId, organizationId })).deletedCount === 1;
  }

  async recordFailure(endpointId: string): Promise<number> {
    const doc = await this.#endpoints.findOneAndUpdate(
      { _id: endpointId },
      { $inc: { consecutiveFailures: 1 } },
      { returnDocument: 'after' },
    );
    return doc?.consecutiveFailures ?? 0;
  }

  async recordSuccess(endpointId: string): Promise<void> {
    await this.#endpoints.updateOne(
      { _id: endpointId, consecutiveFailures: { $ne: 0 } },
      { $set: { consecutiveFailures: 0 } },
    );
  }

  async disable(endpointId: string, reason: WebhookDisabledReason, now: string): Promise<boolean> {
    const result = await this.#endpoints.updateOne(
      { _id: endpointId, active: true },
      { $set: { active: false, disabledReason: reason, updatedAt: now } },
    );
    return result.modifiedCount === 1;
  }
}

const toRecord = ({ _id, ...rest }: WebhookEndpointDocument): WebhookEndpointRecord => ({ id: _id, ...rest });
