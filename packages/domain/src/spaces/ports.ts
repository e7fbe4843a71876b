import type { SpaceRecord } from './records';

// The spaces area extends this port; the methods below are used by other areas already.
export interface SpaceRepository {
  findById(id: string): Promise<SpaceRecord | null>;
  findByIds(ids: readonly string[]): Promise<SpaceRecord[]>;
}
