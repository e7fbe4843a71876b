import type { ImportJobRecord, ImportJobRepository } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';

const COLLECTION = 'contentImportJobs';

interface ImportJobDocument extends Omit<ImportJobRecord, 'id'> {
  _id: string;
}

const toRecord = ({ _id, ...rest }: ImportJobDocument): ImportJobRecord => ({ id: _id, ...rest });

/** Import jobs, read by id within their space (the `_id` index serves every query). */
export class MongoImportJobRepository implements ImportJobRepository {
  readonly #jobs: StoreCollection<ImportJobDocument>;

  constructor(db: StoreDatabase) {
    this.#jobs = db.collection<ImportJobDocument>(COLLECTION);
  }

  async insert({ id, ...rest }: ImportJobRecord): Promise<void> {
    await this.#jobs.insertOne({ _id: id, ...rest });
  }

  async findById(spaceId: string, id: string): Promise<ImportJobRecord | null> {
    const doc = await this.#jobs.findOne({ _id: id, spaceId });
    return doc ? toRecord(doc) : null;
  }

  async update(id: string, set: Partial<Omit<ImportJobRecord, 'id' | 'spaceId'>>): Promise<void> {
    await this.#jobs.updateOne({ _id: id }, { $set: set });
  }
}
