/**
 * The matrix of custom hostnames, here a site's: they follow the site's rules. Any
 * organization role reads a site's hostname; organization admins set, revalidate and remove
 * it; guests (grants on content included) and people outside the organization see no site
 * (404).
 */
import { operations, ROLES } from '@quire/domain';
import { bySiteRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const HOSTNAME = '/v1/custom-hostnames/:hostname';
const { sites, customHostnames } = operations;

interface HostedSite {
  siteId: string;
  hostname: string;
}

let hostnames = 0;
const freshHostname = () => `h${++hostnames}-${Date.now().toString(36)}.matrix.example.com`;

/** A site served at a hostname of its own (a fresh one for every call). */
async function hostedSite(f: MatrixFixture): Promise<HostedSite> {
  const { id: siteId } = await f.run(sites.create, {
    organizationId: f.organization.id,
    title: f.unique('Site'),
  });
  const hostname = freshHostname();
  await f.run(customHostnames.set, { hostname, target: { type: 'site', site: siteId } });
  return { siteId, hostname };
}

const byHostname = (_f: MatrixFixture, { hostname }: HostedSite) => ({ hostname });
const siteAsAdmin = (f: MatrixFixture, { siteId }: HostedSite) =>
  f.read(sites.get, { organizationId: f.organization.id, siteId });

export const customHostnameCases: MatrixCase[] = [
  matrixCase({
    route: `GET ${HOSTNAME}`,
    prepare: hostedSite,
    input: byHostname,
    expected: bySiteRole(ROLES, 200),
  }),
  matrixCase({
    route: `PUT ${HOSTNAME}`,
    prepare: hostedSite,
    input: (_f, { siteId }: HostedSite) => ({
      hostname: freshHostname(),
      target: { type: 'site', site: siteId },
    }),
    observe: siteAsAdmin,
    expected: bySiteRole(['admin'], 200),
  }),
  matrixCase({
    route: `PATCH ${HOSTNAME}`,
    prepare: hostedSite,
    input: byHostname,
    expected: bySiteRole(['admin'], 204),
  }),
  matrixCase({
    route: `DELETE ${HOSTNAME}`,
    prepare: hostedSite,
    input: byHostname,
    observe: siteAsAdmin,
    expected: bySiteRole(['admin'], 205),
  }),
];
