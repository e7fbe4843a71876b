/**
 * The organizations area's operations, mounted once in the registry: everything under
 * `orgs` (organizations, members, teams, invite links, SAML and SSO).
 */
import type { OperationTree } from '../../core/operation';
import { invitationOperations } from '../invitations/operations';
import { inviteLinkOperations } from '../invite-links/operations';
import { oidcOperations } from '../oidc/operations';
import { samlOperations, ssoOperations } from '../sso/operations';
import { teamOperations } from '../teams/operations';
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
  orgs: {
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
      teams: { list: listMemberTeams },
    },
    teams: teamOperations,
    inviteLinks: inviteLinkOperations,
    invitations: invitationOperations,
    saml: samlOperations,
    oidc: oidcOperations,
    sso: ssoOperations,
  },
} satisfies OperationTree;
