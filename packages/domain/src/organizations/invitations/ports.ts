import type { PageRequest, Slice } from '../../core/paging';
import type { InvitationRecord } from './records';

export interface InvitationRepository {
  /**
   * Stores the invitation, or renews the organization's pending one for the same address
   * (role, SSO, token, inviter, dates replaced; its id kept). Answers what is stored.
   */
  upsert(invitation: InvitationRecord): Promise<InvitationRecord>;
  findById(organizationId: string, invitationId: string): Promise<InvitationRecord | null>;
  findByTokenHash(tokenHash: string): Promise<InvitationRecord | null>;
  /** The organization's pending invitation of an address (one at most: the address is unique per organization). */
  findByEmail(organizationId: string, email: string): Promise<InvitationRecord | null>;
  /** An organization's invitations, oldest first. */
  list(organizationId: string, page: PageRequest): Promise<Slice<InvitationRecord>>;
  count(organizationId: string): Promise<number>;
  /** Replaces the token and the dates (sent again); null when there is no such invitation. */
  renew(
    organizationId: string,
    invitationId: string,
    set: Pick<InvitationRecord, 'tokenHash' | 'invitedBy' | 'sentAt' | 'expiresAt'>,
  ): Promise<InvitationRecord | null>;
  /** Deletes it; with `tokenHash`, only while it still has that token. True when one was deleted. */
  delete(organizationId: string, invitationId: string, tokenHash?: string): Promise<boolean>;
}
