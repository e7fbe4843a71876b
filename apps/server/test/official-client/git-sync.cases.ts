/**
 * The official client drives a space's Git Sync; each response is checked against GitBook's
 * document. The repository is an http URL on 127.0.0.1 where nothing listens: the requests
 * answer at once (204) and the jobs fail later, which these cases do not wait for. The
 * export's body carries `createdByGitBook`-free fields only, as the client sends them.
 */
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('git sync', () => {
  it('importGitRepository, exportToGitRepository, getSpaceGitInfo, deleteLegacyGitInstallation', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const { api } = client;
    const space = await server.api(`/v1/orgs/${organization.id}/spaces`, {
      method: 'POST',
      token: admin.token,
      body: { title: 'Synced' },
    });
    const spaceId = space.body.id as string;
    const url = 'http://127.0.0.1:9/docs.git';

    await api.spaces.importGitRepository(spaceId, {
      url,
      ref: 'refs/heads/main',
      timestamp: new Date().toISOString(),
      gitInfo: { provider: 'github', url: 'https://github.com/acme/docs/tree/main' },
    });
    expectConforms(client.last(), 'importGitRepository', 204);
    await api.spaces.exportToGitRepository(spaceId, { url, ref: 'refs/heads/main', commitMessage: 'Docs' });
    expectConforms(client.last(), 'exportToGitRepository', 204);
    const info = await api.spaces.getSpaceGitInfo(spaceId);
    expectConforms(client.last(), 'getSpaceGitInfo', 200);
    expect(info.data).toMatchObject({
      installationProvider: 'github',
      url: 'https://github.com/acme/docs/tree/main',
    });
    await api.spaces.deleteLegacyGitInstallation(spaceId);
    expectConforms(client.last(), 'deleteLegacyGitInstallation', 205);
  });
});
