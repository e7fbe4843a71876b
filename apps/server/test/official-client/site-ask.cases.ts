/**
 * The official client asks a site for its suggested questions (issue 28, item 6): GitBook's
 * client reads them as a stream of events, and Quire, with no AI provider, sends none; the
 * exchange is checked against GitBook's document (a stream: no JSON body).
 */
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('site ask', () => {
  it("streams a site's suggested questions: none without an AI provider", async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const space = await client.api.orgs.createSpace(organization.id, { title: 'Guides' });
    const site = await client.api.orgs.createSite(organization.id, {
      title: 'Docs',
      spaces: [space.data.id],
    });

    const questions: unknown[] = [];
    for await (const event of client.api.orgs.streamRecommendedQuestionsInSite(organization.id, site.data.id))
      questions.push(event);
    expectConforms(client.last(), 'streamRecommendedQuestionsInSite', 200);
    expect(client.last().contentType).toMatch(/^text\/event-stream/);
    expect(questions).toEqual([]);
  });
});
