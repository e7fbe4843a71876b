/** The matrix of the team routes. Team routes act on teams no caller belongs to. */
import { operations, ROLES } from '@quire/domain';
import { byOrganizationRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const teamAsAdmin = (fixture: MatrixFixture, teamId: string) =>
  fixture.read(operations.orgs.teams.get, { organizationId: fixture.organization.id, teamId });
const teamMembersAsAdmin = (fixture: MatrixFixture, teamId: string) =>
  fixture.read(operations.orgs.teams.members.list, { organizationId: fixture.organization.id, teamId });
const teamCount = async (fixture: MatrixFixture) =>
  (
    (await fixture.run(operations.orgs.teams.list, { organizationId: fixture.organization.id })) as {
      count: number;
    }
  ).count;

export const teamCases: MatrixCase[] = [
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/teams',
    input: (f) => ({ organizationId: f.organization.id }),
    expected: byOrganizationRole(ROLES, 200),
  }),
  matrixCase({
    route: 'PUT /v1/orgs/:organizationId/teams',
    input: (f) => ({ organizationId: f.organization.id, title: f.unique('Team') }),
    observe: teamCount,
    expected: byOrganizationRole(['admin'], 201),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/teams/:teamId',
    input: (f) => ({ organizationId: f.organization.id, teamId: f.teams.squad }),
    expected: byOrganizationRole(ROLES, 200),
  }),
  matrixCase({
    route: 'PATCH /v1/orgs/:organizationId/teams/:teamId',
    prepare: (f) => f.freshTeam(),
    input: (f, teamId: string) => ({ organizationId: f.organization.id, teamId, title: f.unique('Renamed') }),
    observe: teamAsAdmin,
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'DELETE /v1/orgs/:organizationId/teams/:teamId',
    prepare: (f) => f.freshTeam(),
    input: (f, teamId: string) => ({ organizationId: f.organization.id, teamId }),
    observe: teamAsAdmin,
    expected: byOrganizationRole(['admin'], 204),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/teams/:teamId/members',
    input: (f) => ({ organizationId: f.organization.id, teamId: f.teams.squad }),
    expected: byOrganizationRole(ROLES, 200),
  }),
  matrixCase({
    route: 'PUT /v1/orgs/:organizationId/teams/:teamId/members',
    prepare: (f) => f.freshTeam(),
    input: (f, teamId: string) => ({ organizationId: f.organization.id, teamId, add: [f.subject.user.id] }),
    observe: teamMembersAsAdmin,
    expected: byOrganizationRole(['admin'], 204),
  }),
  matrixCase({
    route: 'PUT /v1/orgs/:organizationId/teams/:teamId/members/:userId',
    prepare: (f) => f.freshTeam(),
    input: (f, teamId: string) => ({ organizationId: f.organization.id, teamId, userId: f.subject.user.id }),
    observe: teamMembersAsAdmin,
    expected: byOrganizationRole(['admin'], 204),
  }),
  matrixCase({
    route: 'DELETE /v1/orgs/:organizationId/teams/:teamId/members/:userId',
    prepare: (f) => f.freshTeam([f.subject.user.id]),
    input: (f, teamId: string) => ({ organizationId: f.organization.id, teamId, userId: f.subject.user.id }),
    observe: teamMembersAsAdmin,
    expected: byOrganizationRole(['admin'], 204),
  }),
];
