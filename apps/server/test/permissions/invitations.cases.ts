/** The matrix of the pending invitations' routes (Quire's own): admins only, as inviting is. */
import { operations } from '@quire/domain';
import { byOrganizationRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

/** A fresh pending invitation of the fixture's organization, made by its admin: its id. */
async function pendingInvitation(fixture: MatrixFixture): Promise<string> {
  const email = `${fixture.unique('invitee').replace(' ', '-')}@matrix.test`;
  const made = await fixture.run(operations.orgs.invite, {
    organizationId: fixture.organization.id,
    emails: [email],
  });
  return made.invitations[0]!.id;
}

const storedInvitation = (fixture: MatrixFixture, invitationId: string) =>
  fixture.server.services.repos.invitations.findById(fixture.organization.id, invitationId);

export const invitationCases: MatrixCase[] = [
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/invitations',
    input: (f) => ({ organizationId: f.organization.id }),
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'DELETE /v1/orgs/:organizationId/invitations/:invitationId',
    prepare: pendingInvitation,
    input: (f, invitationId: string) => ({ organizationId: f.organization.id, invitationId }),
    observe: storedInvitation,
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/invitations/:invitationId/resend',
    prepare: pendingInvitation,
    input: (f, invitationId: string) => ({ organizationId: f.organization.id, invitationId }),
    observe: storedInvitation,
    expected: byOrganizationRole(['admin'], 200),
  }),
];
