import { listInvitations } from './list-invitations';
import { resendInvitation } from './resend-invitation';
import { revokeInvitation } from './revoke-invitation';

/** Mounted at `orgs.invitations`. */
export const invitationOperations = {
  list: listInvitations,
  revoke: revokeInvitation,
  resend: resendInvitation,
};
