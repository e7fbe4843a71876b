import type { PathRedirectOrigin, SpacePathRedirectRecord } from './records';

export interface SpacePathRedirectRepository {
  /** The records of a space whose path is one of `paths`. */
  findByPaths(spaceId: string, paths: readonly string[]): Promise<SpacePathRedirectRecord[]>;
  /** Writes each record, replacing the space's record of the same path (whatever its origin). */
  put(records: readonly SpacePathRedirectRecord[]): Promise<void>;
  /** Deletes the space's records of these paths. */
  deletePaths(spaceId: string, paths: readonly string[]): Promise<void>;
  /** Deletes every record of the space from `origin`. */
  deleteOrigin(spaceId: string, origin: PathRedirectOrigin): Promise<void>;
  /** Deletes the oldest records of the space from `origin` past the newest `keep`. */
  trim(spaceId: string, origin: PathRedirectOrigin, keep: number): Promise<void>;
}
