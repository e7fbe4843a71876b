import type { PageRequest, Slice, TranslationRecord, TranslationRepository } from '@quire/domain';
import {
  type CollectionIndexes,
  defineIndexes,
  isDuplicateKeyError,
  type StoreCollection,
  type StoreDatabase,
} from '@quire/store';
import { findPage } from '../find-page';

const COLLECTION = 'translations';

/** A translation as stored; `_id` is its id (time-ordered: by id is by creation). */
interface TranslationDocument extends Omit<TranslationRecord, 'id'> {
  _id: string;
}

export const translationIndexes: CollectionIndexes[] = [
  defineIndexes<TranslationDocument>(COLLECTION, [
    // One translation of a space into a language: two creates racing, one wins.
    { key: { organizationId: 1, sourceSpaceId: 1, language: 1 }, unique: true },
    // The translations of an organization, in creation order.
    { key: { organizationId: 1, _id: 1 } },
  ]),
];

const toRecord = ({ _id, ...rest }: TranslationDocument): TranslationRecord => ({ id: _id, ...rest });
const toDocument = ({ id, ...rest }: TranslationRecord): TranslationDocument => ({ _id: id, ...rest });

export class MongoTranslationRepository implements TranslationRepository {
  readonly #translations: StoreCollection<TranslationDocument>;

  constructor(db: StoreDatabase) {
    this.#translations = db.collection<TranslationDocument>(COLLECTION);
  }

  async findById(id: string): Promise<TranslationRecord | null> {
    const doc = await this.#translations.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  listPage(organizationId: string, page: PageRequest): Promise<Slice<TranslationRecord>> {
    return findPage(this.#translations, { organizationId }, { direction: 1 }, page, toRecord);
  }

  count(organizationId: string): Promise<number> {
    return this.#translations.countDocuments({ organizationId });
  }

  async insert(translation: TranslationRecord): Promise<boolean> {
    try {
      await this.#translations.insertOne(toDocument(translation));
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async replace(translation: TranslationRecord, expectedVersion: number): Promise<boolean> {
    // One atomic step: matched only while nobody replaced the version read.
    const result = await this.#translations.replaceOne(
      { _id: translation.id, version: expectedVersion },
      toDocument(translation),
    );
    return result.matchedCount === 1;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.#translations.deleteOne({ _id: id });
    return result.deletedCount === 1;
  }
}
