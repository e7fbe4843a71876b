/**
 * The matrix of a site's customization. It follows the site's rules: any organization role
 * reads the settings (its own and its site spaces'); organization admins, who change the
 * site's settings, change them; guests (grants on content included) and people outside the
 * organization see no site (404).
 */
import { operations, ROLES } from '@quire/domain';
import { bySiteRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const SITE = '/v1/orgs/:organizationId/sites/:siteId';
const SITE_SPACE = `${SITE}/site-spaces/:siteSpaceId/customization`;
const { sites } = operations;

interface CustomizedSite {
  siteId: string;
  siteSpaceId: string;
}

/** A site showing one space, whose site space overrides the primary colour. */
async function customizedSite(f: MatrixFixture): Promise<CustomizedSite> {
  const organizationId = f.organization.id;
  const { id: siteId } = await f.run(sites.create, {
    organizationId,
    title: f.unique('Site'),
    spaces: [f.content.space],
  });
  const listed = (await f.run(sites.siteSpaces.list, { organizationId, siteId })) as {
    items: { id: string }[];
  };
  const siteSpaceId = listed.items[0]!.id;
  await f.run(sites.customization.siteSpaces.override, {
    organizationId,
    siteId,
    siteSpaceId,
    styling: { primaryColor: { light: '#111111', dark: '#222222' } },
  });
  return { siteId, siteSpaceId };
}

const siteInput = (f: MatrixFixture, { siteId }: CustomizedSite) => ({
  organizationId: f.organization.id,
  siteId,
});
const siteSpaceInput = (f: MatrixFixture, site: CustomizedSite) => ({
  ...siteInput(f, site),
  siteSpaceId: site.siteSpaceId,
});
const customizationAsAdmin = (f: MatrixFixture, site: CustomizedSite) =>
  f.read(sites.customization.siteSpaces.get, siteSpaceInput(f, site));

export const siteCustomizationCases: MatrixCase[] = [
  matrixCase({
    route: `GET ${SITE}/customization`,
    prepare: customizedSite,
    input: siteInput,
    expected: bySiteRole(ROLES, 200),
  }),
  matrixCase({
    route: `PUT ${SITE}/customization`,
    prepare: customizedSite,
    input: (f, site: CustomizedSite) => ({
      ...siteInput(f, site),
      title: 'Branded',
      feedback: { enabled: true },
    }),
    observe: customizationAsAdmin,
    expected: bySiteRole(['admin'], 200),
  }),
  matrixCase({
    route: `GET ${SITE_SPACE}`,
    prepare: customizedSite,
    input: siteSpaceInput,
    expected: bySiteRole(ROLES, 200),
  }),
  matrixCase({
    route: `PATCH ${SITE_SPACE}`,
    prepare: customizedSite,
    input: (f, site: CustomizedSite) => ({ ...siteSpaceInput(f, site), title: 'Variant' }),
    observe: customizationAsAdmin,
    expected: bySiteRole(['admin'], 200),
  }),
  matrixCase({
    route: `DELETE ${SITE_SPACE}`,
    prepare: customizedSite,
    input: siteSpaceInput,
    observe: customizationAsAdmin,
    expected: bySiteRole(['admin'], 205),
  }),
];
