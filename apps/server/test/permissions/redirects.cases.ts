/**
 * The matrix of a site's redirects. They follow the site's rules: any organization role
 * reads them and resolves a path; those who shape the site's structure (create, admin)
 * change them; guests (grants on content included) and people outside the organization
 * see no site (404).
 */
import { operations, ROLES } from '@quire/domain';
import { bySiteRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const REDIRECTS = '/v1/orgs/:organizationId/sites/:siteId/redirects';
const SHAPERS = ['admin', 'create'] as const;
const { sites } = operations;

interface SiteRedirect {
  siteId: string;
  siteRedirectId: string;
}

const siteInput = (f: MatrixFixture, siteId: string) => ({ organizationId: f.organization.id, siteId });
const destination = { kind: 'external', url: 'https://example.com/new' } as const;

/** A site of the organization with one live redirect, `/old` (a fresh one for every call). */
const freshRedirect = async (f: MatrixFixture): Promise<SiteRedirect> => {
  const siteId = (await f.run(sites.create, { organizationId: f.organization.id, title: f.unique('Site') }))
    .id;
  const redirect = await f.run(sites.redirects.create, {
    ...siteInput(f, siteId),
    source: '/old',
    destination,
  });
  return { siteId, siteRedirectId: redirect.id };
};
const redirectsAsAdmin = (f: MatrixFixture, { siteId }: SiteRedirect) =>
  f.read(sites.redirects.list, siteInput(f, siteId));
const byId = (f: MatrixFixture, redirect: SiteRedirect) => ({
  ...siteInput(f, redirect.siteId),
  siteRedirectId: redirect.siteRedirectId,
});

export const redirectCases: MatrixCase[] = [
  matrixCase({
    route: `GET ${REDIRECTS}`,
    prepare: freshRedirect,
    input: (f, redirect: SiteRedirect) => siteInput(f, redirect.siteId),
    expected: bySiteRole(ROLES, 200),
  }),
  matrixCase({
    route: `POST ${REDIRECTS}`,
    prepare: freshRedirect,
    input: (f, redirect: SiteRedirect) => ({
      ...siteInput(f, redirect.siteId),
      source: '/moved',
      destination,
    }),
    observe: redirectsAsAdmin,
    expected: bySiteRole(SHAPERS, 201),
  }),
  matrixCase({
    route: `PUT ${REDIRECTS}`,
    prepare: freshRedirect,
    input: (f, redirect: SiteRedirect) => ({
      ...siteInput(f, redirect.siteId),
      redirects: [{ source: '/old', destination: null }],
    }),
    observe: redirectsAsAdmin,
    expected: bySiteRole(SHAPERS, 200),
  }),
  matrixCase({
    route: `PATCH ${REDIRECTS}/:siteRedirectId`,
    prepare: freshRedirect,
    input: (f, redirect: SiteRedirect) => ({ ...byId(f, redirect), permanent: true }),
    observe: redirectsAsAdmin,
    expected: bySiteRole(SHAPERS, 200),
  }),
  matrixCase({
    route: `DELETE ${REDIRECTS}/:siteRedirectId`,
    prepare: freshRedirect,
    input: byId,
    observe: redirectsAsAdmin,
    expected: bySiteRole(SHAPERS, 205),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/sites/:siteId/redirect',
    prepare: freshRedirect,
    input: (f, redirect: SiteRedirect) => ({ ...siteInput(f, redirect.siteId), source: '/old' }),
    expected: bySiteRole(ROLES, 200),
  }),
];
