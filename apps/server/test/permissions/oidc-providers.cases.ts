/** The matrix of OpenID Connect providers: organization settings, admins only (as SAML providers). */
import { operations } from '@quire/domain';
import { byOrganizationRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const countOf = async (list: Promise<unknown>) => (await (list as Promise<{ count: number }>)).count;
const freshProvider = async (fixture: MatrixFixture): Promise<string> =>
  (
    (await fixture.run(operations.orgs.oidc.create, {
      organizationId: fixture.organization.id,
      label: fixture.unique('OIDC'),
    })) as { id: string }
  ).id;
const providerAsAdmin = (fixture: MatrixFixture, oidcProviderId: string) =>
  fixture.read(operations.orgs.oidc.get, { organizationId: fixture.organization.id, oidcProviderId });

export const oidcProviderCases: MatrixCase[] = [
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/oidc',
    input: (f) => ({ organizationId: f.organization.id }),
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/oidc',
    input: (f) => ({
      organizationId: f.organization.id,
      label: f.unique('OIDC'),
      issuer: 'https://idp.example.com',
      clientId: 'quire',
      clientSecret: 'a-client-secret',
    }),
    observe: (f) => countOf(f.run(operations.orgs.oidc.list, { organizationId: f.organization.id })),
    expected: byOrganizationRole(['admin'], 201),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/oidc/:oidcProviderId',
    prepare: freshProvider,
    input: (f, oidcProviderId: string) => ({ organizationId: f.organization.id, oidcProviderId }),
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'PATCH /v1/orgs/:organizationId/oidc/:oidcProviderId',
    prepare: freshProvider,
    input: (f, oidcProviderId: string) => ({
      organizationId: f.organization.id,
      oidcProviderId,
      label: f.unique('Renamed OIDC'),
      clientSecret: 'another-secret',
    }),
    observe: providerAsAdmin,
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'DELETE /v1/orgs/:organizationId/oidc/:oidcProviderId',
    prepare: freshProvider,
    input: (f, oidcProviderId: string) => ({ organizationId: f.organization.id, oidcProviderId }),
    observe: providerAsAdmin,
    expected: byOrganizationRole(['admin'], 204),
  }),
];
