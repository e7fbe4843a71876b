import type { CollectionRecord } from './records';

// The collections area extends this port; the methods below are used by other areas already.
export interface CollectionRepository {
  findById(id: string): Promise<CollectionRecord | null>;
  findByIds(ids: readonly string[]): Promise<CollectionRecord[]>;
}
