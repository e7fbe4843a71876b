/** The matrix of invite links, SAML providers and SSO entries: organization settings. */
import { operations } from '@quire/domain';
import { anyCaller, byOrganizationRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const countOf = async (list: Promise<unknown>) => (await (list as Promise<{ count: number }>)).count;
const linkAsAdmin = (fixture: MatrixFixture, inviteId: string) =>
  fixture.read(operations.orgs.inviteLinks.get, { organizationId: fixture.organization.id, inviteId });
const providerAsAdmin = (fixture: MatrixFixture, samlProviderId: string) =>
  fixture.read(operations.orgs.saml.get, { organizationId: fixture.organization.id, samlProviderId });

export const organizationSettingCases: MatrixCase[] = [
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/link-invites',
    input: (f) => ({ organizationId: f.organization.id }),
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/link-invites',
    input: (f) => ({ organizationId: f.organization.id, role: 'read' }),
    observe: (f) => countOf(f.run(operations.orgs.inviteLinks.list, { organizationId: f.organization.id })),
    expected: byOrganizationRole(['admin'], 201),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/link-invites/:inviteId',
    input: (f) => ({ organizationId: f.organization.id, inviteId: f.inviteLinkId }),
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'PATCH /v1/orgs/:organizationId/link-invites/:inviteId',
    prepare: (f) => f.freshInviteLink(),
    input: (f, inviteId: string) => ({ organizationId: f.organization.id, inviteId, role: 'edit' }),
    observe: linkAsAdmin,
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'DELETE /v1/orgs/:organizationId/link-invites/:inviteId',
    prepare: (f) => f.freshInviteLink(),
    input: (f, inviteId: string) => ({ organizationId: f.organization.id, inviteId }),
    observe: linkAsAdmin,
    expected: byOrganizationRole(['admin'], 204),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/saml',
    input: (f) => ({ organizationId: f.organization.id }),
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/saml',
    input: (f) => ({ organizationId: f.organization.id, label: f.unique('IdP') }),
    observe: (f) => countOf(f.run(operations.orgs.saml.list, { organizationId: f.organization.id })),
    expected: byOrganizationRole(['admin'], 201),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/saml/:samlProviderId',
    input: (f) => ({ organizationId: f.organization.id, samlProviderId: f.samlProviderId }),
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'PATCH /v1/orgs/:organizationId/saml/:samlProviderId',
    prepare: (f) => f.freshSamlProvider(),
    input: (f, samlProviderId: string) => ({
      organizationId: f.organization.id,
      samlProviderId,
      label: f.unique('Renamed IdP'),
    }),
    observe: providerAsAdmin,
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'DELETE /v1/orgs/:organizationId/saml/:samlProviderId',
    prepare: (f) => f.freshSamlProvider(),
    input: (f, samlProviderId: string) => ({ organizationId: f.organization.id, samlProviderId }),
    observe: providerAsAdmin,
    expected: byOrganizationRole(['admin'], 204),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/sso',
    input: (f) => ({ organizationId: f.organization.id }),
    // Public, as in GitBook's document: the sign-in screen reads it before anyone signs in.
    // A site token's visitor finds nothing outside its site (the gate's rule 2), as for every read.
    expected: { ...anyCaller(200), anonymous: 200 },
    // GraphQL answers no request without a caller.
    faces: ['rest', 'trpc'],
  }),
];
