/** What the repositories store for spaces. */
import type { Role } from '../../core/schemas';

/**
 * The level org members get on a piece of content: a role, null (no access beyond explicit
 * grants: "guest" level), or 'inherit' (from the parent collection, else the organization).
 */
export type DefaultLevel = Role | null | 'inherit';

export type SpaceVisibility =
  | 'public'
  | 'unlisted'
  | 'share-link'
  | 'visitor-auth'
  | 'in-collection'
  | 'private';

export interface SpaceRecord {
  id: string;
  organizationId: string;
  /** The collection holding the space (absent at the top level of the organization). */
  parentId?: string;
  title: string;
  emoji?: string;
  language?: string;
  editMode: 'live' | 'locked';
  visibility: SpaceVisibility;
  defaultLevel: DefaultLevel;
  /** Secret that resolves published URLs of share-link content. */
  shareKey: string;
  /**
   * Order among the siblings (spaces and collections under the same parent): a fractional
   * index string, so a move rewrites only the moved item.
   */
  position: string;
  createdAt: string;
  updatedAt: string;
  /** Set when deleted; the space is removed for good 7 days later. */
  deletedAt?: string;
  /** Id of the active revision (set once content exists). */
  revisionId?: string;
  /** Counters kept by `$inc` as comments and change requests arrive. */
  counters: {
    comments: number;
    changeRequests: number;
    changeRequestsOpen: number;
    changeRequestsDraft: number;
  };
}
