/** What the store keeps of an invitation by email: never its token, only the token's hash. */
import type { RoleOrGuest } from '../../core/schemas';

/**
 * A person invited to an organization by email, not a member yet. At most one per
 * organization and address (inviting again renews it). Accepting it deletes it: a link
 * works once. Revoking deletes it too.
 */
export interface InvitationRecord {
  id: string;
  organizationId: string;
  /** Lower case, as users' addresses are stored. */
  email: string;
  /** The role the person gets (null: a guest). */
  role: RoleOrGuest;
  /** Whether the person becomes a single sign-on member. */
  sso: boolean;
  /** Hex SHA-256 of the link's token; the token is only in the mail and the inviter's answer. */
  tokenHash: string;
  /** Id of the admin who invited (or last sent it again). */
  invitedBy: string;
  createdAt: string;
  /** When it was last sent (made, renewed or sent again). */
  sentAt: string;
  /** The link works until then. */
  expiresAt: string;
}
