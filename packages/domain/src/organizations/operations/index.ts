/**
 * The organization and member operations, merged into the registry under `orgs` (teams,
 * invite links and SSO hang beside them there).
 */
import { createOrganization } from './create-organization';
import { getOrganization } from './get-organization';
import { inviteUsers } from './invite-users';
import { listOrganizations } from './list-organizations';
import { enableMemberSso } from './members/enable-member-sso';
import { getMember } from './members/get-member';
import { listMemberTeams } from './members/list-member-teams';
import { listMembers } from './members/list-members';
import { removeMember } from './members/remove-member';
import { updateMember } from './members/update-member';
import { listOrganizationsByEmailDomain } from './organizations-by-email-domain';
import { pingOrganization } from './ping';
import { updateOrganization } from './update-organization';

export const organizationOperations = {
  list: listOrganizations,
  create: createOrganization,
  get: getOrganization,
  update: updateOrganization,
  invite: inviteUsers,
  ping: pingOrganization,
  byEmailDomain: listOrganizationsByEmailDomain,
  members: {
    list: listMembers,
    get: getMember,
    update: updateMember,
    remove: removeMember,
    enableSso: enableMemberSso,
    teams: listMemberTeams,
  },
};
