/**
 * The official client drives an organization's OpenAPI specifications and their versions;
 * each response is checked against GitBook's document.
 */
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

const TEXT = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Client API', version: '1.0.0' },
  paths: { '/ping': { get: { responses: { '200': { description: 'Pong' } } } } },
});

describe('OpenAPI specifications', () => {
  it('list, create, get, createOrUpdate, update, versions, contents, delete', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const { api } = client;
    const orgId = organization.id;

    await api.orgs.createOpenApiSpec(orgId, { slug: 'client-api', source: { text: TEXT } });
    expectConforms(client.last(), 'createOpenAPISpec', 201);
    await api.orgs.listOpenApiSpecs(orgId);
    expectConforms(client.last(), 'listOpenAPISpecs', 200);
    await api.orgs.createOrUpdateOpenApiSpecBySlug(orgId, 'client-api', { source: { text: TEXT } });
    expectConforms(client.last(), 'createOrUpdateOpenAPISpecBySlug', 200);
    await api.orgs.updateOpenApiSpecBySlug(orgId, 'client-api', { visibility: 'public' as never });
    expectConforms(client.last(), 'updateOpenAPISpecBySlug', 200);

    const deadline = Date.now() + 20_000;
    let spec = (await api.orgs.getOpenApiSpecBySlug(orgId, 'client-api')).data;
    while (spec.processingState !== 'complete') {
      if (Date.now() > deadline) throw new Error('the spec was not processed within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
      spec = (await api.orgs.getOpenApiSpecBySlug(orgId, 'client-api')).data;
    }
    expectConforms(client.last(), 'getOpenAPISpecBySlug', 200);
    const versionId = spec.lastVersion ?? '';
    expect(versionId).not.toBe('');

    await api.orgs.listOpenApiSpecVersions(orgId, 'client-api');
    expectConforms(client.last(), 'listOpenAPISpecVersions', 200);
    await api.orgs.getLatestOpenApiSpecVersion(orgId, 'client-api');
    expectConforms(client.last(), 'getLatestOpenAPISpecVersion', 200);
    await api.orgs.getLatestOpenApiSpecVersionContent(orgId, 'client-api');
    expectConforms(client.last(), 'getLatestOpenAPISpecVersionContent', 200);
    await api.orgs.getOpenApiSpecVersionById(orgId, 'client-api', versionId);
    expectConforms(client.last(), 'getOpenAPISpecVersionById', 200);
    await api.orgs.getOpenApiSpecVersionContentById(orgId, 'client-api', versionId);
    expectConforms(client.last(), 'getOpenAPISpecVersionContentById', 200);
    await api.orgs.deleteOpenApiSpecBySlug(orgId, 'client-api');
    expectConforms(client.last(), 'deleteOpenAPISpecBySlug', 204);
  });
});
