/**
 * The official client drives an organization's translations; each response is checked
 * against GitBook's document. Running one (`POST .../run`) is not in the client's document:
 * it is Quire-only in `coverage.test.ts`.
 */
import { TranslationLanguage } from '@gitbook/api';
import { describe, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

const instructions = {
  object: 'document' as const,
  data: { schemaVersion: 1 },
  nodes: [
    {
      object: 'block' as const,
      type: 'paragraph' as const,
      nodes: [
        { object: 'text' as const, leaves: [{ object: 'leaf' as const, text: 'Formal tone.', marks: [] }] },
      ],
    },
  ],
};

describe('translations', () => {
  it('create, list, get, update, delete', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const { api } = client;
    const orgId = organization.id;
    const space = await server.api(`/v1/orgs/${orgId}/spaces`, {
      method: 'POST',
      token: admin.token,
      body: { title: 'Source' },
    });

    const created = await api.orgs.createTranslation(orgId, {
      language: TranslationLanguage.Fr,
      source: { space: space.body.id, language: TranslationLanguage.En },
      instructions: instructions as never,
    });
    expectConforms(client.last(), 'createTranslation', 201);
    await api.orgs.listTranslations(orgId);
    expectConforms(client.last(), 'listTranslations', 200);
    await api.orgs.getTranslation(orgId, created.data.id);
    expectConforms(client.last(), 'getTranslation', 200);
    await api.orgs.updateTranslation(orgId, created.data.id, { instructions: instructions as never });
    expectConforms(client.last(), 'updateTranslation', 200);
    await api.orgs.deleteTranslation(orgId, created.data.id);
    expectConforms(client.last(), 'deleteTranslation', 204);
  });
});
