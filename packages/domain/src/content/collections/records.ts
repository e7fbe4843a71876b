/** What the repositories store for collections. */
import type { DefaultLevel } from '../spaces/records';

export interface CollectionRecord {
  id: string;
  organizationId: string;
  /** The parent collection (absent at the top level). */
  parentId?: string;
  /**
   * Every collection above this one, the top-level one first and the parent last (empty at
   * the top level): lets the access loader read a whole chain at once. `parentId` stays the
   * truth: these lists are rewritten by create, move and transfer, and a list left stale by
   * a move that stopped half-way only costs the loader an extra read, never a wrong role.
   */
  ancestorIds: string[];
  title: string;
  description?: string;
  defaultLevel: DefaultLevel;
  /** Order among siblings (spaces and collections under the same parent): a fractional index. */
  position: string;
  createdAt: string;
  updatedAt: string;
}
