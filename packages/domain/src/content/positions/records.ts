/** What the positions module reads of each sibling (a space or a collection under one parent). */
export interface SiblingRecord {
  id: string;
  /** Fractional order key (see `positionBetween`). */
  position: string;
  /** Deleted spaces keep their key (they may be restored) but cannot be referenced. */
  deletedAt?: string;
}

export type SiblingKind = 'space' | 'collection';

/**
 * A bounded read of the siblings of one kind under one parent, through the index on
 * `{organizationId, parentId, position, _id}`: at most `limit` of them, from a key on.
 */
export interface SiblingRange {
  organizationId: string;
  /** The parent collection; undefined for the top level of the organization. */
  parentId: string | undefined;
  /**
   * 'up': keys at or after `from`, in ascending order (ties by id, ascending); 'down': keys at
   * or before `from`, in descending order (ties by id, descending). Without `from`: from the
   * first key (up) or the last one (down).
   */
  direction: 'up' | 'down';
  from?: string;
  /** Leave deleted spaces out: they keep their key for a restore but are no one's neighbours. */
  liveOnly?: boolean;
  limit: number;
}
