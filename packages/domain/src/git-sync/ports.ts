import type { GitSyncRecord } from './records';

export interface GitSyncRepository {
  findBySpace(spaceId: string): Promise<GitSyncRecord | null>;
  /** False when the space already has one (nothing written). */
  insert(record: GitSyncRecord): Promise<boolean>;
  /** Replaces it when its stored version is still `expectedVersion`; false otherwise. */
  replace(record: GitSyncRecord, expectedVersion: number): Promise<boolean>;
  /** True when one was deleted. */
  delete(spaceId: string): Promise<boolean>;
}
