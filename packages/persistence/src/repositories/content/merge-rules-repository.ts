import type { MergeRulesRecord, MergeRulesRepository } from '@quire/domain';
import type { CollectionIndexes, StoreCollection, StoreDatabase } from '@quire/store';

const COLLECTION = 'mergeRules';

/** The rules of one space or organization: `_id` is the scope and the id. */
interface MergeRulesDocument extends MergeRulesRecord {
  _id: string;
}

/** Read by `_id` only. */
export const mergeRulesIndexes: CollectionIndexes[] = [];

const idOf = (scope: MergeRulesRecord['scope'], targetId: string): string => `${scope}/${targetId}`;

export class MongoMergeRulesRepository implements MergeRulesRepository {
  readonly #rules: StoreCollection<MergeRulesDocument>;

  constructor(db: StoreDatabase) {
    this.#rules = db.collection<MergeRulesDocument>(COLLECTION);
  }

  async find(scope: MergeRulesRecord['scope'], targetId: string): Promise<MergeRulesRecord | null> {
    const doc = await this.#rules.findOne({ _id: idOf(scope, targetId) });
    if (!doc) return null;
    const { _id, ...record } = doc;
    return record;
  }

  async put(rules: MergeRulesRecord): Promise<void> {
    const _id = idOf(rules.scope, rules.targetId);
    await this.#rules.replaceOne({ _id }, { _id, ...rules }, { upsert: true });
  }

  async remove(scope: MergeRulesRecord['scope'], targetId: string): Promise<boolean> {
    return (await this.#rules.deleteOne({ _id: idOf(scope, targetId) })).deletedCount > 0;
  }
}
