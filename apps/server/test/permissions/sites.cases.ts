/**
 * The matrix of the site routes. Sites follow the organization role: any role reads them,
 * admins change, publish and delete them; guests (grants on content included) see none.
 */
import { operations, ROLES } from '@quire/domain';
import { byOrganizationRole, bySiteRole, each } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const freshSite = async (f: MatrixFixture) =>
  (await f.run(operations.sites.create, { organizationId: f.organization.id, title: f.unique('Site') })).id;
const siteAsAdmin = (f: MatrixFixture, siteId: string) =>
  f.read(operations.sites.get, { organizationId: f.organization.id, siteId });
const siteCount = async (f: MatrixFixture) =>
  ((await f.run(operations.sites.list, { organizationId: f.organization.id })) as { count: number }).count;

const SITE = '/v1/orgs/:organizationId/sites/:siteId';

export const siteCases: MatrixCase[] = [
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/sites',
    input: (f) => ({ organizationId: f.organization.id }),
    // Guests are members: the list answers, empty.
    expected: {
      ...byOrganizationRole(ROLES, 200),
      ...each(['guest', 'guestWithGrant', 'ancestorGrant'], 200),
    },
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/sites',
    input: (f) => ({ organizationId: f.organization.id, title: f.unique('Site') }),
    observe: siteCount,
    expected: byOrganizationRole(['admin'], 201),
  }),
  matrixCase({
    route: `GET ${SITE}`,
    prepare: freshSite,
    input: (f, siteId: string) => ({ organizationId: f.organization.id, siteId }),
    expected: bySiteRole(ROLES, 200),
  }),
  matrixCase({
    route: `PATCH ${SITE}`,
    prepare: freshSite,
    input: (f, siteId: string) => ({ organizationId: f.organization.id, siteId, title: f.unique('Renamed') }),
    observe: siteAsAdmin,
    expected: bySiteRole(['admin'], 200),
  }),
  matrixCase({
    route: `DELETE ${SITE}`,
    prepare: freshSite,
    input: (f, siteId: string) => ({ organizationId: f.organization.id, siteId }),
    observe: siteAsAdmin,
    expected: bySiteRole(['admin'], 204),
  }),
  matrixCase({
    route: `POST ${SITE}/publish`,
    prepare: freshSite,
    input: (f, siteId: string) => ({ organizationId: f.organization.id, siteId }),
    observe: siteAsAdmin,
    expected: bySiteRole(['admin'], 200),
  }),
  matrixCase({
    route: `POST ${SITE}/unpublish`,
    prepare: async (f) => {
      const siteId = await freshSite(f);
      await f.run(operations.sites.publish, { organizationId: f.organization.id, siteId });
      return siteId;
    },
    input: (f, siteId: string) => ({ organizationId: f.organization.id, siteId }),
    observe: siteAsAdmin,
    expected: bySiteRole(['admin'], 200),
  }),
];
