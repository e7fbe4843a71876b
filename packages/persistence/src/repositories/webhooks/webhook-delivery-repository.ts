/**
 * The deliveries of events to webhook endpoints: one document each, `_id` the delivery's id
 * (time-ordered). `dedupeKey` is unique (one delivery per endpoint and event, whichever
 * server stores it first); the first unfinished delivery of a resource is found by
 * `(endpointId, resourceKey, state, eventId)`.
 */
import type {
  PageRequest,
  Slice,
  WebhookAttemptRecord,
  WebhookDeliveryRecord,
  WebhookDeliveryRepository,
  WebhookDeliveryState,
} from '@quire/domain';
import {
  type CollectionIndexes,
  defineIndexes,
  type StoreCollection,
  type StoreDatabase,
} from '@quire/store';
import { insertedUnlessTaken } from '../duplicate-key';
import { findPage } from '../find-page';

const COLLECTION = 'webhookDeliveries';

type WebhookDeliveryDocument = Omit<WebhookDeliveryRecord, 'id'> & { _id: string };

export const webhookDeliveryIndexes: CollectionIndexes[] = [
  defineIndexes<WebhookDeliveryDocument>(COLLECTION, [
    { key: { dedupeKey: 1 }, unique: true },
    // An endpoint's log, newest first.
    { key: { endpointId: 1, _id: 1 } },
    // The first unfinished delivery of a resource.
    { key: { endpointId: 1, resourceKey: 1, state: 1, eventId: 1 } },
    // An endpoint's unfinished deliveries (the recovery sweep's restart of stopped queues).
    { key: { endpointId: 1, state: 1, createdAt: 1 } },
  ]),
];

const UNFINISHED: WebhookDeliveryState[] = ['waiting', 'pending'];

export class MongoWebhookDeliveryRepository implements WebhookDeliveryRepository {
  readonly #deliveries: StoreCollection<WebhookDeliveryDocument>;

  constructor(db: StoreDatabase) {
    this.#deliveries = db.collection<WebhookDeliveryDocument>(COLLECTION);
  }

  async insertIfAbsent({ id, ...rest }: WebhookDeliveryRecord): Promise<boolean> {
    return insertedUnlessTaken(() => this.#deliveries.insertOne({ _id: id, ...rest }));
  }

  async findById(deliveryId: string): Promise<WebhookDeliveryRecord | null> {
    const doc = await this.#deliveries.findOne({ _id: deliveryId });
    return doc ? toRecord(doc) : null;
  }

  list(endpointId: string, page: PageRequest): Promise<Slice<WebhookDeliveryRecord>> {
    return findPage(this.#deliveries, { endpointId }, { direction: -1 }, page, toRecord);
  }

  count(endpointId: string): Promise<number> {
    return this.#deliveries.countDocuments({ endpointId });
  }

  async firstUnfinished(endpointId: string, resourceKey: string): Promise<WebhookDeliveryRecord | null> {
    const docs = await this.#deliveries
      .find(
        { endpointId, resourceKey, state: { $in: UNFINISHED } },
        { sort: { eventId: 1, _id: 1 }, limit: 1 },
      )
      .toArray();
    return docs[0] ? toRecord(docs[0]) : null;
  }

  async changeState(
    deliveryId: string,
    from: WebhookDeliveryState,
    to: WebhookDeliveryState,
    finishedAt?: string,
  ): Promise<boolean> {
    const result = await this.#deliveries.updateOne(
      { _id: deliveryId, state: from },
      { $set: { state: to, ...(finishedAt === undefined ? {} : { finishedAt }) } },
    );
    return result.modifiedCount === 1;
  }

  async existingDedupeKeys(dedupeKeys: readonly string[]): Promise<Set<string>> {
    if (dedupeKeys.length === 0) return new Set();
    const docs = await this.#deliveries
      .find({ dedupeKey: { $in: [...dedupeKeys] } }, { projection: { _id: 1, dedupeKey: 1 } })
      .toArray();
    return new Set(docs.map((doc) => doc.dedupeKey));
  }

  async unfinishedOf(
    endpointId: string,
    createdBefore: string,
    limit: number,
  ): Promise<WebhookDeliveryRecord[]> {
    const docs = await this.#deliveries
      .find(
        { endpointId, state: { $in: UNFINISHED }, createdAt: { $lte: createdBefore } },
        { sort: { eventId: 1, _id: 1 }, limit },
      )
      .toArray();
    return docs.map(toRecord);
  }

  async recordAttempt(deliveryId: string, attempt: WebhookAttemptRecord): Promise<void> {
    await this.#deliveries.updateOne({ _id: deliveryId }, { $push: { attempts: attempt } });
  }
}

const toRecord = ({ _id, ...rest }: WebhookDeliveryDocument): WebhookDeliveryRecord => ({ id: _id, ...rest });
