/**
 * The organizations area's routes: organizations, members, teams, invite links, SAML and
 * SSO. `POST /v1/orgs` has no path in GitBook's document (only its `CreateOrganization`
 * body); Quire serves it here, answering 201.
 */
import { organizationOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const { orgs } = organizationOperations;
const ORG = '/v1/orgs/:organizationId';
const MEMBER = `${ORG}/members/:userId`;
const TEAMS = `${ORG}/teams`;
const TEAM = `${TEAMS}/:teamId`;
const LINKS = `${ORG}/link-invites`;
const LINK = `${LINKS}/:inviteId`;
const PROVIDER = `${ORG}/saml/:samlProviderId`;
const OIDC_PROVIDER = `${ORG}/oidc/:oidcProviderId`;

export const organizationRoutes: readonly RestRoute[] = [
  route('GET', '/v1/orgs', orgs.list),
  route('POST', '/v1/orgs', orgs.create, 201),
  route('GET', ORG, orgs.get),
  route('PATCH', ORG, orgs.update),
  route('POST', `${ORG}/invites`, orgs.invite),
  route('POST', `${ORG}/ping`, orgs.ping),
  route('GET', '/v1/email-domains/:emailDomain/orgs', orgs.byEmailDomain),

  route('GET', `${ORG}/members`, orgs.members.list),
  route('GET', MEMBER, orgs.members.get),
  route('PATCH', MEMBER, orgs.members.update),
  route('DELETE', MEMBER, orgs.members.remove),
  route('POST', `${MEMBER}/sso`, orgs.members.enableSso),
  route('GET', `${MEMBER}/teams`, orgs.members.teams.list),

  route('GET', TEAMS, orgs.teams.list),
  route('PUT', TEAMS, orgs.teams.create, 201),
  route('GET', TEAM, orgs.teams.get),
  route('PATCH', TEAM, orgs.teams.update),
  route('DELETE', TEAM, orgs.teams.remove),
  route('GET', `${TEAM}/members`, orgs.teams.members.list),
  route('PUT', `${TEAM}/members`, orgs.teams.members.update),
  route('PUT', `${TEAM}/members/:userId`, orgs.teams.members.put),
  route('DELETE', `${TEAM}/members/:userId`, orgs.teams.members.remove),

  route('GET', `${ORG}/invitations`, orgs.invitations.list),
  route('DELETE', `${ORG}/invitations/:invitationId`, orgs.invitations.revoke),
  route('POST', `${ORG}/invitations/:invitationId/resend`, orgs.invitations.resend),

  route('GET', LINKS, orgs.inviteLinks.list),
  route('POST', LINKS, orgs.inviteLinks.create, 201),
  route('GET', LINK, orgs.inviteLinks.get),
  route('PATCH', LINK, orgs.inviteLinks.update),
  route('DELETE', LINK, orgs.inviteLinks.remove),

  route('GET', `${ORG}/saml`, orgs.saml.list),
  route('POST', `${ORG}/saml`, orgs.saml.create, 201),
  route('GET', PROVIDER, orgs.saml.get),
  route('PATCH', PROVIDER, orgs.saml.update),
  route('DELETE', PROVIDER, orgs.saml.remove),
  route('GET', `${ORG}/sso`, orgs.sso.list),
  route('GET', `${ORG}/oidc`, orgs.oidc.list),
  route('POST', `${ORG}/oidc`, orgs.oidc.create, 201),
  route('GET', OIDC_PROVIDER, orgs.oidc.get),
  route('PATCH', OIDC_PROVIDER, orgs.oidc.update),
  route('DELETE', OIDC_PROVIDER, orgs.oidc.remove),
];
