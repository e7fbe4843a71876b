/** Teams made through the API, for the team, SAML and SSO tests. */
import { expect } from 'vitest';
import type { TestMember, TestOrganization } from '../support/factories';
import type { TestServer } from '../support/test-server';

export const teamsPath = (organizationId: string): string => `/v1/orgs/${organizationId}/teams`;
export const teamPath = (organizationId: string, teamId: string): string =>
  `${teamsPath(organizationId)}/${teamId}`;

/** Creates a team as the organization's admin; returns the Team resource. */
export async function createTeam(
  server: TestServer,
  org: TestOrganization,
  body: { title: string; members?: string[] },
  // biome-ignore lint/suspicious/noExplicitAny: the Team resource as the API answers it
): Promise<any> {
  const response = await server.api(teamsPath(org.organization.id), {
    method: 'PUT',
    token: org.admin.token,
    body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Puts a member of the organization in a team with a role, as the organization's admin. */
export async function putTeamMember(
  server: TestServer,
  org: TestOrganization,
  teamId: string,
  member: TestMember,
  role: 'owner' | 'member',
): Promise<void> {
  const response = await server.api(`${teamPath(org.organization.id, teamId)}/members/${member.user.id}`, {
    method: 'PUT',
    token: org.admin.token,
    body: { role },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(204);
}
