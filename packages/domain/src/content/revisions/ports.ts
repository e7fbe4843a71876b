import type { ContentObject, RevisionRecord } from './records';

/** Immutable, content-addressed objects: written once, never changed, shared by revisions. */
export interface ContentObjectRepository {
  /**
   * Stores objects under their addresses (`addressOf`, computed by the domain); objects
   * already stored are left as they are.
   */
  putMany(objects: ReadonlyMap<string, ContentObject>): Promise<void>;
  /** The stored objects among `addresses` (missing ones are absent from the map). */
  getMany(addresses: readonly string[]): Promise<Map<string, ContentObject>>;
}

export interface RevisionRepository {
  /**
   * Stores a revision; one whose id is stored already is left as it is (a revision never
   * changes: only a space's first revision, written with the space's id by two writes at
   * once, arrives twice, the same both times).
   */
  insert(revision: RevisionRecord): Promise<void>;
  findById(spaceId: string, id: string): Promise<RevisionRecord | null>;
  /** How many revisions of the space exist (its line, its change requests', any left by lost races). */
  countForSpace(spaceId: string): Promise<number>;
}
