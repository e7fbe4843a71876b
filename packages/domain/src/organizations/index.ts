/** The organizations area: organizations, their members, teams, invite links and single sign-on. */

export * from './access-change';
export * from './add-member';
export * from './bootstrap-instance';
export * from './create-organization';
export * from './fields';
export * from './invitations';
export * from './invite-links';
export * from './member-mention-names';
export * from './member-roles';
export * from './member-schema';
export * from './oidc';
export { organizationOperations } from './operations';
export { InviteUsersInputSchema, InviteUsersResultSchema } from './operations/invite-users';
export { ListMembersInputSchema, MemberRoleFilterSchema } from './operations/members/list-members';
export { OrganizationsOfEmailDomainSchema } from './operations/organizations-by-email-domain';
export { OrganizationIdParam, UserIdParam } from './operations/params';
export { PingResultSchema, VISITOR_CLAIMS_TTL_SECONDS } from './operations/ping';
export { UpdateOrganizationInputSchema } from './operations/update-organization';
export * from './organization-schema';
export * from './ports';
export * from './present-in-batch';
export * from './records';
export type { OrganizationRepositories } from './repositories';
export * from './sso';
export * from './teams';
