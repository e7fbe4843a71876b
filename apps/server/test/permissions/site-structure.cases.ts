/**
 * The matrix of the routes of a site's structure. Any organization role reads it; members
 * with the `create` role or above (and admins) shape it; guests, grants on content
 * included, and people outside the organization get 404; nothing changes when refused.
 */
import { operations, ROLES } from '@quire/domain';
import { bySiteRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const SITE = '/v1/orgs/:organizationId/sites/:siteId';
const SHAPERS = ['admin', 'create'] as const;

interface Shaped {
  siteId: string;
  /** Two top-level sections, each with one site space. */
  sections: [string, string];
  siteSpaces: [string, string];
  /** A group holding a third section. */
  groupId: string;
  groupedSectionId: string;
}

const { sites } = operations;

/** A site with two sections and a group holding a third, made by the organization's admin. */
async function shapedSite(f: MatrixFixture): Promise<Shaped> {
  const organizationId = f.organization.id;
  const { id: siteId } = await f.run(sites.create, { organizationId, title: f.unique('Site') });
  const section = () => f.run(sites.sections.create, { organizationId, siteId, spaceId: f.content.space });
  const first = await section();
  const second = await section();
  const grouped = await section();
  const group = await f.run(sites.sectionGroups.create, {
    organizationId,
    siteId,
    title: 'Group',
    sections: [grouped.id],
  });
  return {
    siteId,
    sections: [first.id, second.id],
    siteSpaces: [first.siteSpaces[0]!.id, second.siteSpaces[0]!.id],
    groupId: group.id,
    groupedSectionId: grouped.id,
  };
}

/** A site with two site spaces at its root. */
async function flatSite(f: MatrixFixture): Promise<{ siteId: string; siteSpaces: [string, string] }> {
  const organizationId = f.organization.id;
  const { id: siteId } = await f.run(sites.create, {
    organizationId,
    title: f.unique('Site'),
    spaces: [f.content.space],
  });
  await f.run(sites.siteSpaces.create, { organizationId, siteId, spaceId: f.content.space });
  const listed = (await f.run(sites.siteSpaces.list, { organizationId, siteId })) as {
    items: { id: string }[];
  };
  return { siteId, siteSpaces: [listed.items[0]!.id, listed.items[1]!.id] };
}

const structureAsAdmin = (f: MatrixFixture, extra: { siteId: string }) =>
  f.read(sites.structure.get, { organizationId: f.organization.id, siteId: extra.siteId });
const siteOf = (f: MatrixFixture, extra: { siteId: string }) => ({
  organizationId: f.organization.id,
  siteId: extra.siteId,
});

const read = (route: string) =>
  matrixCase({
    route,
    prepare: shapedSite,
    input: siteOf,
    expected: bySiteRole(ROLES, 200),
  });

const write = <Extra extends { siteId: string }>(
  route: string,
  prepare: (f: MatrixFixture) => Promise<Extra>,
  input: (f: MatrixFixture, extra: Extra) => Record<string, unknown>,
  status: number,
) =>
  matrixCase({
    route,
    prepare,
    input: (f, extra: Extra) => ({ ...siteOf(f, extra), ...input(f, extra) }),
    observe: structureAsAdmin,
    expected: bySiteRole(SHAPERS, status),
  });

export const siteStructureCases: MatrixCase[] = [
  read(`GET ${SITE}/sections`),
  write(`POST ${SITE}/sections`, shapedSite, (f) => ({ spaceId: f.content.space }), 201),
  write(
    `PATCH ${SITE}/sections/:siteSectionId`,
    shapedSite,
    (f, s) => ({ siteSectionId: s.sections[0], title: f.unique('Section') }),
    200,
  ),
  write(
    `DELETE ${SITE}/sections/:siteSectionId`,
    shapedSite,
    (_f, s) => ({ siteSectionId: s.sections[0] }),
    204,
  ),
  write(
    `POST ${SITE}/sections/:siteSectionId/move`,
    shapedSite,
    (_f, s) => ({ siteSectionId: s.sections[0] }),
    200,
  ),
  read(`GET ${SITE}/section-groups`),
  write(`POST ${SITE}/section-groups`, shapedSite, (f) => ({ title: f.unique('Group') }), 201),
  write(
    `PATCH ${SITE}/section-groups/:siteSectionGroupId`,
    shapedSite,
    (f, s) => ({ siteSectionGroupId: s.groupId, title: f.unique('Group') }),
    200,
  ),
  write(
    `DELETE ${SITE}/section-groups/:siteSectionGroupId`,
    shapedSite,
    (_f, s) => ({ siteSectionGroupId: s.groupId }),
    204,
  ),
  write(
    `POST ${SITE}/section-groups/:siteSectionGroupId/move`,
    shapedSite,
    (_f, s) => ({
      siteSectionGroupId: s.groupId,
      position: { before: { type: 'site-section', id: s.sections[0] } },
    }),
    200,
  ),
  write(
    `POST ${SITE}/section-groups/:siteSectionGroupId/sections`,
    shapedSite,
    (_f, s) => ({ siteSectionGroupId: s.groupId, sectionId: s.sections[0] }),
    200,
  ),
  write(
    `DELETE ${SITE}/section-groups/:siteSectionGroupId/sections/:siteSectionId`,
    shapedSite,
    (_f, s) => ({ siteSectionGroupId: s.groupId, siteSectionId: s.groupedSectionId }),
    204,
  ),
  read(`GET ${SITE}/site-spaces`),
  write(`POST ${SITE}/site-spaces`, flatSite, (f) => ({ spaceId: f.content.space }), 201),
  write(
    `PATCH ${SITE}/site-spaces/:siteSpaceId`,
    flatSite,
    (f, s) => ({ siteSpaceId: s.siteSpaces[1], path: f.unique('path').replace(' ', '-') }),
    200,
  ),
  write(
    `DELETE ${SITE}/site-spaces/:siteSpaceId`,
    flatSite,
    (_f, s) => ({ siteSpaceId: s.siteSpaces[0] }),
    204,
  ),
  write(
    `POST ${SITE}/site-spaces/:siteSpaceId/move`,
    flatSite,
    (_f, s) => ({ siteSpaceId: s.siteSpaces[0] }),
    200,
  ),
  read(`GET ${SITE}/structure`),
  write(
    `PATCH ${SITE}/structure/sort`,
    shapedSite,
    (_f, s) => ({
      item: { type: 'site-section-group', id: s.groupId },
      position: { before: { type: 'site-section', id: s.sections[0] } },
    }),
    200,
  ),
];
