import type { PageRequest, Slice } from '../../core/paging';
import type { RoleOrGuest } from '../../core/schemas';
import type { InviteLinkRecord } from './records';

export interface InviteLinkRepository {
  insert(link: InviteLinkRecord): Promise<void>;
  findById(organizationId: string, inviteId: string): Promise<InviteLinkRecord | null>;
  /** The link whose URL carries this token, in any organization (for joining through it). */
  findByToken(token: string): Promise<InviteLinkRecord | null>;
  /** Links in creation order. */
  list(organizationId: string, page: PageRequest): Promise<Slice<InviteLinkRecord>>;
  count(organizationId: string): Promise<number>;
  /** Returns the updated link, or null when it does not exist. */
  updateRole(organizationId: string, inviteId: string, role: RoleOrGuest): Promise<InviteLinkRecord | null>;
  /** Returns true when a link was deleted. */
  delete(organizationId: string, inviteId: string): Promise<boolean>;
}
