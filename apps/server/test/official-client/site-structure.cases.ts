/**
 * The official client drives the structure of a site: sections (list, add, change, move,
 * delete), section groups (list, add, change, move, add and remove a section, delete), site
 * spaces (list, add, change, move, delete), the structure and its sort.
 */
import { describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { createOrganization } from '../support/factories';
import { expectConforms, expectConformsWithStatus, officialClient } from './official-client';
import { testServer } from './shared-server';

async function siteWithSpaces() {
  const server = testServer();
  const org = await createOrganization(server);
  const guides = await createSpace(server, org, { title: 'Guides' });
  const api = await createSpace(server, org, { title: 'API' });
  const client = officialClient(server.url, org.admin.token);
  const orgId = org.organization.id;
  const { data: site } = await client.api.orgs.createSite(orgId, { title: 'Docs', spaces: [guides.id] });
  return { client, orgId, siteId: site.id, guides, api };
}

describe('site structure', () => {
  it('site spaces: addSpaceToSite, listSiteSpaces, updateSiteSpaceById, moveSiteSpace, deleteSiteSpaceById', async () => {
    const { client, orgId, siteId, api } = await siteWithSpaces();
    const { data: added } = await client.api.orgs.addSpaceToSite(orgId, siteId, { spaceId: api.id });
    expectConforms(client.last(), 'addSpaceToSite', 201);
    expect(added).toMatchObject({ object: 'site-space', path: 'api' });
    const { data: listed } = await client.api.orgs.listSiteSpaces(orgId, siteId, {
      default: false,
      limit: 10,
    });
    expectConforms(client.last(), 'listSiteSpaces', 200);
    expect(listed.items.map((item) => item.id)).toEqual([added.id]);
    const { data: changed } = await client.api.orgs.updateSiteSpaceById(orgId, siteId, added.id, {
      path: 'reference',
    });
    expectConforms(client.last(), 'updateSiteSpaceById', 200);
    expect(changed.path).toBe('reference');
    const { data: all } = await client.api.orgs.listSiteSpaces(orgId, siteId);
    const { data: moved } = await client.api.orgs.moveSiteSpace(orgId, siteId, added.id, {
      position: { before: { type: 'site-space', siteSpace: all.items[0]!.id } },
    });
    expectConforms(client.last(), 'moveSiteSpace', 200);
    expect(moved.id).toBe(added.id);
    await client.api.orgs.deleteSiteSpaceById(orgId, siteId, added.id);
    expectConforms(client.last(), 'deleteSiteSpaceById', 204);
  });

  it('sections: addSectionToSite, listSiteSections, updateSiteSectionById, moveSiteSection, deleteSiteSectionById', async () => {
    const { client, orgId, siteId, api } = await siteWithSpaces();
    const { data: section } = await client.api.orgs.addSectionToSite(orgId, siteId, {
      spaceId: api.id,
      title: 'Reference',
      icon: 'book',
    });
    expectConforms(client.last(), 'addSectionToSite', 201);
    expect(section).toMatchObject({ object: 'site-section', title: 'Reference' });
    const { data: listed } = await client.api.orgs.listSiteSections(orgId, siteId, { limit: 1 });
    expectConforms(client.last(), 'listSiteSections', 200);
    expect(listed.count).toBe(2);
    expect(listed.next).toBeDefined();
    const { data: changed } = await client.api.orgs.updateSiteSectionById(orgId, siteId, section.id, {
      path: 'ref',
      description: 'The API',
      icon: null,
    });
    expectConforms(client.last(), 'updateSiteSectionById', 200);
    expect(changed).toMatchObject({ path: 'ref', description: 'The API' });
    const { data: moved } = await client.api.orgs.moveSiteSection(orgId, siteId, section.id, {
      position: { before: { type: 'site-section', siteSection: listed.items[0]!.id } },
    });
    expectConforms(client.last(), 'moveSiteSection', 200);
    expect(moved.id).toBe(section.id);
    await client.api.orgs.deleteSiteSectionById(orgId, siteId, section.id);
    expectConforms(client.last(), 'deleteSiteSectionById', 204);
  });

  it('section groups: addSectionGroupToSite, listSiteSectionGroups, updateSiteSectionGroupById, moveSiteSectionGroup, addSectionToGroup, removeSectionFromGroup, deleteSiteSectionGroupById', async () => {
    const { client, orgId, siteId, api } = await siteWithSpaces();
    const { data: section } = await client.api.orgs.addSectionToSite(orgId, siteId, { spaceId: api.id });
    const { data: sections } = await client.api.orgs.listSiteSections(orgId, siteId);
    const wrapper = sections.items[0]!;
    const { data: group } = await client.api.orgs.addSectionGroupToSite(orgId, siteId, {
      title: 'Group',
      sections: [section.id],
    });
    expectConforms(client.last(), 'addSectionGroupToSite', 201);
    expect(group.sections.map((item) => item.id)).toEqual([section.id]);
    const { data: groups } = await client.api.orgs.listSiteSectionGroups(orgId, siteId);
    expectConforms(client.last(), 'listSiteSectionGroups', 200);
    expect(groups.items.map((item) => item.id)).toEqual([group.id]);
    const { data: renamed } = await client.api.orgs.updateSiteSectionGroupById(orgId, siteId, group.id, {
      title: 'Renamed',
    });
    expectConforms(client.last(), 'updateSiteSectionGroupById', 200);
    expect(renamed.title).toBe('Renamed');
    const { data: moved } = await client.api.orgs.moveSiteSectionGroup(orgId, siteId, group.id, {
      position: { before: { type: 'site-section', id: wrapper.id } },
    });
    expectConforms(client.last(), 'moveSiteSectionGroup', 200);
    expect(moved.id).toBe(group.id);

    const { data: grown } = await client.api.orgs.addSectionToGroup(orgId, siteId, group.id, {
      sectionId: wrapper.id,
    });
    // The interface document answers 200 with the group; GitBook's document lists 201 alone.
    expectConformsWithStatus(client.last(), 'addSectionToGroup', 200, 201);
    expect(grown.sections.map((item) => item.id)).toEqual([section.id, wrapper.id]);
    await client.api.orgs.removeSectionFromGroup(orgId, siteId, group.id, wrapper.id);
    expectConforms(client.last(), 'removeSectionFromGroup', 204);
    await client.api.orgs.deleteSiteSectionGroupById(orgId, siteId, group.id);
    expectConforms(client.last(), 'deleteSiteSectionGroupById', 204);
  });

  it('getSiteStructure, sortSiteStructure', async () => {
    const { client, orgId, siteId, api } = await siteWithSpaces();
    const { data: flat } = await client.api.orgs.getSiteStructure(orgId, siteId);
    expectConforms(client.last(), 'getSiteStructure', 200);
    expect(flat.type).toBe('siteSpaces');
    const { data: section } = await client.api.orgs.addSectionToSite(orgId, siteId, { spaceId: api.id });
    const { data: tree } = await client.api.orgs.getSiteStructure(orgId, siteId);
    expectConforms(client.last(), 'getSiteStructure', 200);
    expect(tree.type).toBe('sections');
    const first = tree.structure[0]!;
    const { data: sorted } = await client.api.orgs.sortSiteStructure(orgId, siteId, {
      item: { type: 'site-section', id: section.id },
      position: { before: { type: 'site-section', id: first.id } },
    });
    expectConforms(client.last(), 'sortSiteStructure', 200);
    expect(sorted).toMatchObject({ object: 'site-section', id: section.id });
  });
});
