import type { OpenApiSpecRecord, OpenApiSpecRepository } from '@quire/domain';
import {
  type CollectionIndexes,
  defineIndexes,
  isDuplicateKeyError,
  type StoreCollection,
  type StoreDatabase,
} from '@quire/store';

const COLLECTION = 'openApiSpecs';

/** A spec as stored; `_id` is its id (time-ordered: by id is by creation). */
interface OpenApiSpecDocument extends Omit<OpenApiSpecRecord, 'id'> {
  _id: string;
}

export const openApiSpecIndexes: CollectionIndexes[] = [
  defineIndexes<OpenApiSpecDocument>(COLLECTION, [
    // One spec per slug in an organization: two creates racing, one wins.
    { key: { organizationId: 1, slug: 1 }, unique: true },
    // The specs of an organization, in creation order.
    { key: { organizationId: 1, _id: 1 } },
  ]),
];

const toRecord = ({ _id, ...rest }: OpenApiSpecDocument): OpenApiSpecRecord => ({ id: _id, ...rest });
const toDocument = ({ id, ...rest }: OpenApiSpecRecord): OpenApiSpecDocument => ({ _id: id, ...rest });

export class MongoOpenApiSpecRepository implements OpenApiSpecRepository {
  readonly #specs: StoreCollection<OpenApiSpecDocument>;

  constructor(db: StoreDatabase) {
    this.#specs = db.collection<OpenApiSpecDocument>(COLLECTION);
  }

  async findBySlug(organizationId: string, slug: string): Promise<OpenApiSpecRecord | null> {
    const doc = await this.#specs.findOne({ organizationId, slug });
    return doc ? toRecord(doc) : null;
  }

  async findById(id: string): Promise<OpenApiSpecRecord | null> {
    const doc = await this.#specs.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  async listAll(organizationId: string): Promise<OpenApiSpecRecord[]> {
    const docs = await this.#specs.find({ organizationId }, { sort: { _id: 1 } }).toArray();
    return docs.map(toRecord);
  }

  async insert(spec: OpenApiSpecRecord): Promise<boolean> {
    try {
      await this.#specs.insertOne(toDocument(spec));
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async replace(spec: OpenApiSpecRecord, expectedVersion: number): Promise<boolean> {
    // One atomic step: matched only while nobody replaced the version read.
    const result = await this.#specs.replaceOne({ _id: spec.id, version: expectedVersion }, toDocument(spec));
    return result.matchedCount === 1;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.#specs.deleteOne({ _id: id });
    return result.deletedCount === 1;
  }
}
