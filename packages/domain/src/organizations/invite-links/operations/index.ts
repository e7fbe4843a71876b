import { createInviteLink } from './create-invite-link';
import { getInviteLink } from './get-invite-link';
import { listInviteLinks } from './list-invite-links';
import { removeInviteLink } from './remove-invite-link';
import { updateInviteLink } from './update-invite-link';

/** The `orgs.inviteLinks` operations (part of the organizations area's tree). */
export const inviteLinkOperations = {
  list: listInviteLinks,
  create: createInviteLink,
  get: getInviteLink,
  update: updateInviteLink,
  remove: removeInviteLink,
};
