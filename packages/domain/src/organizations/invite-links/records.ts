/** What the repositories store for organization invite links. */
import type { RoleOrGuest } from '../../core/schemas';

export interface InviteLinkRecord {
  id: string;
  organizationId: string;
  /** Role given to whoever joins through the link (null: a guest). */
  role: RoleOrGuest;
  /**
   * The secret part of the link's URL: whoever holds the URL may join, so it is random and
   * unrelated to the id (ids are time-ordered and shown in API paths).
   */
  token: string;
  createdAt: string;
  /** Id of the user who created the link. */
  createdBy: string;
}
