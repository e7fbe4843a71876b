import type {
  PageRequest,
  ReviewNotificationRecord,
  ReviewNotificationRepository,
  Slice,
} from '@quire/domain';
import type { Filter, StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { findPage } from '../find-page';

const COLLECTION = 'reviewNotifications';

interface NotificationDocument extends Omit<ReviewNotificationRecord, 'id'> {
  _id: string;
}

export const reviewNotificationIndexes: CollectionIndexes[] = [
  defineIndexes<NotificationDocument>(COLLECTION, [
    // A person's notifications newest first, and their unread ones (equality on `read`).
    { key: { userId: 1, _id: 1 } },
    { key: { userId: 1, read: 1, _id: 1 } },
  ]),
];

const toRecord = ({ _id, ...rest }: NotificationDocument): ReviewNotificationRecord => ({ id: _id, ...rest });

const listFilter = (userId: string, unreadOnly: boolean): Filter<NotificationDocument> =>
  unreadOnly ? { userId, read: false } : { userId };

export class MongoReviewNotificationRepository implements ReviewNotificationRepository {
  readonly #notifications: StoreCollection<NotificationDocument>;

  constructor(db: StoreDatabase) {
    this.#notifications = db.collection<NotificationDocument>(COLLECTION);
  }

  async insertMany(notifications: readonly ReviewNotificationRecord[]): Promise<void> {
    await this.#notifications.insertMany(notifications.map(({ id, ...rest }) => ({ _id: id, ...rest })));
  }

  list(userId: string, unreadOnly: boolean, page: PageRequest): Promise<Slice<ReviewNotificationRecord>> {
    return findPage(this.#notifications, listFilter(userId, unreadOnly), { direction: -1 }, page, toRecord);
  }

  count(userId: string, unreadOnly: boolean): Promise<number> {
    return this.#notifications.countDocuments(listFilter(userId, unreadOnly));
  }

  async markRead(userId: string, ids: readonly string[] | undefined): Promise<number> {
    // Typed strings as field values: `$in` lists values; another person's ids match nothing.
    const filter: Filter<NotificationDocument> =
      ids === undefined ? { userId, read: false } : { userId, read: false, _id: { $in: [...ids] } };
    return (await this.#notifications.updateMany(filter, { $set: { read: true } })).modifiedCount;
  }
}
