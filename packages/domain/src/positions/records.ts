/** What the positions module reads of each sibling (a space or a collection under one parent). */
export interface SiblingRecord {
  id: string;
  /** Fractional order key (see `positionBetween`). */
  position: string;
  /** Deleted spaces keep their key (they may be restored) but cannot be referenced. */
  deletedAt?: string;
}

export type SiblingKind = 'space' | 'collection';
