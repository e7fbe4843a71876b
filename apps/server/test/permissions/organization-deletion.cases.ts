/**
 * The matrix of deleting an organization (a Quire extension). Each call acts on an
 * organization of its own, made for it, where the caller holds the role they hold in the
 * matrix's organization (the shared one must outlive the table): only its admins delete it
 * (202), its other members are refused (403) and everyone else finds nothing (404), the
 * organization standing after every refusal.
 */
import { addOrganizationMember, operations } from '@quire/domain';
import { createOrganization } from '../support/factories';
import { isMemberKind, ORGANIZATION_ROLE_OF } from '../support/matrix/caller-kinds';
import { byOrganizationRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixCaller, MatrixFixture } from '../support/matrix/matrix-fixture';

/** A fresh organization owned by the matrix's admin. */
const freshOrganization = async (f: MatrixFixture): Promise<string> =>
  (await createOrganization(f.server, { owner: f.admin, title: f.unique('Doomed') })).organization.id;

/** The caller joins it with their role in the matrix's organization (once: a face may reuse it). */
async function joinAsInMatrix(f: MatrixFixture, organizationId: string, caller: MatrixCaller): Promise<void> {
  if (!isMemberKind(caller.kind) || caller.kind === 'admin' || caller.userId === null) return;
  const { repos } = f.server.services;
  if (await repos.members.find(organizationId, caller.userId)) return;
  const user = await repos.users.findById(caller.userId);
  if (!user) throw new Error(`matrix: no user ${caller.userId}`);
  await addOrganizationMember(f.server.services, {
    organizationId,
    user,
    role: ORGANIZATION_ROLE_OF[caller.kind],
  });
}

export const organizationDeletionCases: MatrixCase[] = [
  matrixCase({
    route: 'DELETE /v1/orgs/:organizationId',
    prepare: freshOrganization,
    input: async (f, organizationId: string, caller) => {
      await joinAsInMatrix(f, organizationId, caller);
      return { organizationId };
    },
    // Whether the organization stands for its owner: a refusal leaves it, a deletion removes it at once.
    observe: async (f, organizationId: string) =>
      f.read(operations.orgs.get, { organizationId }).then((read) => (read as { id?: string }).id ?? read),
    expected: byOrganizationRole(['admin'], 202),
  }),
];
