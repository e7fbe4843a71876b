/**
 * `GET /v1/urls/content` through real HTTP: addresses of Quire's app and API resolved to a
 * space, its change request and page, or a collection, as the caller may see them (a reader
 * of another organization and a site API token get 404), bad URLs refused with 400 naming
 * `url`, and the same answers on the three faces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mismatches0202 } from '../official-client/openapi-spec-0202';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { expectRefusal, type LookupFixture, lookupFixture, resolved } from './url-lookup-support';

let server: TestServer;
let f: LookupFixture;
beforeAll(async () => {
  server = await startTestServer();
  f = await lookupFixture(server);
});
afterAll(() => server.close());

const contentOf = (url: string, token: string | null = f.org.admin.token) =>
  server.api(`/v1/urls/content?url=${encodeURIComponent(url)}`, { token });

describe('addresses of the app and the API', () => {
  it('resolves a space, a page of it, and a change request with a page of its content', async () => {
    const app = `${server.services.urls.app}/o/${f.org.organization.id}/s/${f.spaces.docs}`;
    const space = await contentOf(app);
    expect(space.status, JSON.stringify(space.body)).toBe(200);
    expect(space.body.space.id).toBe(f.spaces.docs);
    expect(space.body.page).toBeUndefined();

    const page = await contentOf(`${app}/guide/install`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.page).toMatchObject({ id: f.pages.install, path: 'guide/install' });
    // The envelope is 0.202.0's; the Space and page resources inside are content's own, whose
    // known gaps to 0.202.0 (Space.mergeRules, a page's tags and layout fields) are reported
    // to the lead: any other mismatch fails here.
    const mismatches = mismatches0202('getContentByUrl', 200, page.body).filter(
      (problem) =>
        !/^\/(space|page)\b/.test(problem) &&
        !/^\/ must (have required property 'collection'|match exactly one schema in oneOf)/.test(problem),
    );
    expect(mismatches).toEqual([]);

    const changeRequest = await f.admin('POST', `/v1/spaces/${f.spaces.docs}/change-requests`, {
      subject: 'Edit',
    });
    const inChange = await contentOf(`${app}/~/changes/${changeRequest.number}/guide`);
    expect(inChange.status, JSON.stringify(inChange.body)).toBe(200);
    expect(inChange.body).toMatchObject({
      space: { id: f.spaces.docs },
      changeRequest: { id: changeRequest.id },
      page: { id: f.pages.guide },
    });
  });

  it("resolves the API's own addresses of a space and a collection", async () => {
    const api = server.services.urls.api;
    expect((await contentOf(`${api}/v1/spaces/${f.spaces.api}`)).body.space.id).toBe(f.spaces.api);
    const collection = await f.admin('POST', `/v1/orgs/${f.org.organization.id}/collections`, {
      title: 'Shelf',
    });
    const found = await contentOf(`${api}/v1/collections/${collection.id}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.collection.id).toBe(collection.id);
  });

  it('answers 404 for what the caller may not see and for addresses that name no content', async () => {
    const app = `${server.services.urls.app}/o/${f.org.organization.id}/s/${f.spaces.docs}`;
    const outsider = await createOrganization(server);
    expectRefusal(await contentOf(app, outsider.admin.token), 404, 'not_found');
    const siteToken = (await resolved(server, f.base)).apiToken;
    expectRefusal(await contentOf(app, siteToken), 404, 'not_found');
    for (const url of [
      `${app}/no/such/page`,
      `${app}/~/links`,
      `${app}/~/changes/9999`,
      `${server.services.urls.app}/o/${f.org.organization.id}/members`,
      `${server.services.urls.app}/o/${f.org.organization.id}/s/no-such-space`,
      `https://elsewhere.example.com/o/${f.org.organization.id}/s/${f.spaces.docs}`,
    ]) {
      expectRefusal(await contentOf(url), 404, 'not_found');
    }
    expectRefusal(await contentOf(app, null), 401, 'unauthenticated');
  });

  it('refuses bad URLs with 400 naming url', async () => {
    const app = `${server.services.urls.app}/o/${f.org.organization.id}/s/${f.spaces.docs}`;
    for (const url of [
      'javascript:alert(1)',
      `${app}/../../x`,
      `${app}/%2e%2e/x`,
      `${app}/a%2Fb`,
      'relative',
    ]) {
      const response = await contentOf(url);
      expectRefusal(response, 400, 'validation');
      expect(response.body.error.issues[0].field, url).toBe('url');
    }
  });

  it('answers the same on the three faces', async () => {
    const route = findRoute('GET /v1/urls/content');
    expect(route).toBeDefined();
    if (!route) return;
    const url = `${server.services.urls.app}/o/${f.org.organization.id}/s/${f.spaces.docs}/guide`;
    const answers = await callFaces(server, { route, input: { url }, token: f.org.admin.token });
    for (const answer of Object.values(answers)) {
      expect(answer.status, answer.face).toBe(200);
      expect((answer.data as { page: { id: string } }).page.id, answer.face).toBe(f.pages.guide);
    }
  });
});
