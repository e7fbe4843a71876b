/** What the repositories store for collections. */
import type { DefaultLevel } from '../spaces/records';

export interface CollectionRecord {
  id: string;
  organizationId: string;
  /** The parent collection (absent at the top level). */
  parentId?: string;
  title: string;
  description?: string;
  defaultLevel: DefaultLevel;
  /** Order among siblings (spaces and collections under the same parent): a fractional index. */
  position: string;
  createdAt: string;
  updatedAt: string;
}
