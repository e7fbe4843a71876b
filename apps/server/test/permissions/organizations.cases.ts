/** The matrix of the organization and member routes. */
import { operations, ROLES } from '@quire/domain';
import type { TestMember } from '../support/factories';
import { anyCaller, byOrganizationRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const EVERY_MEMBER = [...ROLES, 'guest'] as const;

const memberAsAdmin = (fixture: MatrixFixture, member: TestMember) =>
  fixture.read(operations.orgs.members.get, {
    organizationId: fixture.organization.id,
    userId: member.user.id,
  });

export const organizationCases: MatrixCase[] = [
  matrixCase({ route: 'GET /v1/orgs', input: () => ({}), expected: anyCaller(200) }),
  matrixCase({
    route: 'POST /v1/orgs',
    input: (f) => ({ title: f.unique('Created') }),
    expected: anyCaller(201),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId',
    input: (f) => ({ organizationId: f.organization.id }),
    expected: byOrganizationRole(EVERY_MEMBER, 200),
  }),
  matrixCase({
    route: 'PATCH /v1/orgs/:organizationId',
    input: (f) => ({ organizationId: f.organization.id, title: f.unique('Matrix') }),
    observe: (f) => f.read(operations.orgs.get, { organizationId: f.organization.id }),
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/invites',
    prepare: async (f) => `${f.unique('invited').replace(' ', '-')}@matrix.test`,
    input: (f, email: string) => ({ organizationId: f.organization.id, emails: [email] }),
    // The invitation made (pending until its link is accepted): nothing for a refused caller.
    observe: async (f, email: string) =>
      (await f.run(operations.orgs.invitations.list, { organizationId: f.organization.id })).items.filter(
        (invitation) => invitation.email === email,
      ).length,
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/ping',
    input: (f) => ({ organizationId: f.organization.id }),
    expected: byOrganizationRole(EVERY_MEMBER, 200),
  }),
  matrixCase({
    route: 'GET /v1/email-domains/:emailDomain/orgs',
    input: () => ({ emailDomain: 'example.test' }),
    expected: anyCaller(200),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/members',
    input: (f) => ({ organizationId: f.organization.id }),
    expected: byOrganizationRole(ROLES, 200),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/members/:userId',
    input: (f) => ({ organizationId: f.organization.id, userId: f.subject.user.id }),
    expected: byOrganizationRole(ROLES, 200),
  }),
  matrixCase({
    route: 'PATCH /v1/orgs/:organizationId/members/:userId',
    prepare: (f) => f.freshMember('read'),
    input: (f, member: TestMember) => ({
      organizationId: f.organization.id,
      userId: member.user.id,
      role: 'comment',
    }),
    observe: memberAsAdmin,
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'DELETE /v1/orgs/:organizationId/members/:userId',
    title: 'another member',
    prepare: (f) => f.freshMember('read'),
    input: (f, member: TestMember) => ({ organizationId: f.organization.id, userId: member.user.id }),
    observe: memberAsAdmin,
    expected: byOrganizationRole(['admin'], 204),
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/members/:userId/sso',
    prepare: (f) => f.freshMember('read'),
    input: (f, member: TestMember) => ({ organizationId: f.organization.id, userId: member.user.id }),
    observe: memberAsAdmin,
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/members/:userId/teams',
    input: (f) => ({ organizationId: f.organization.id, userId: f.subject.user.id }),
    expected: byOrganizationRole(ROLES, 200),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/members/:userId/spaces',
    title: 'of another member',
    input: (f) => ({ organizationId: f.organization.id, userId: f.subject.user.id }),
    // Another member's spaces are the organization admins' to list.
    expected: byOrganizationRole(['admin'], 200),
  }),
];
