/**
 * `GET SPACE/embed?url=` through real HTTP (issue 28, item 3): a web page's Open Graph card,
 * its oEmbed description when it gives no title, the URL's own card for what is no web page
 * or fails to answer within the outbound limits (a page larger than the limit: its title,
 * at its start, is not read) and for private addresses however reached (a name resolving to
 * loopback, a literal, a redirect to one: never connected to); and refusals: URLs that are
 * no http(s) URLs, with credentials or control characters (400 naming `url`, nothing
 * fetched), a space the caller cannot see (404, nothing fetched). The same card on REST,
 * GraphQL and tRPC.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { embedOriginPort, requestsTo } from './embed-origin';

let server: TestServer;
let origin: string;
let port: number;
beforeAll(async () => {
  server = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
  port = await embedOriginPort();
  origin = `http://127.0.0.1:${port}`;
});
afterAll(() => server.close());

async function space() {
  const org = await createOrganization(server);
  const made = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Docs' },
  });
  const other = await createOrganization(server);
  return { spaceId: made.body.id as string, token: org.admin.token, otherToken: other.admin.token };
}

/** Each call its own URL (a query of its own), so no card kept from an earlier call answers it. */
let calls = 0;
const unique = (url: string) => `${url}${url.includes('?') ? '&' : '?'}call=${++calls}`;

const embed = (spaceId: string, token: string, url: string) =>
  server.api(`/v1/spaces/${spaceId}/embed?url=${encodeURIComponent(url)}`, { token });

describe('GET SPACE/embed', () => {
  it("answers a web page's Open Graph card", async () => {
    const s = await space();
    const response = await embed(s.spaceId, s.token, unique(`${origin}/card`));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      type: 'link',
      title: 'The Guide',
      site: 'Example Docs',
      icon: `${origin}/favicon.png`,
    });
  });

  it('reads the oEmbed description of a page without a title, and never its HTML', async () => {
    const s = await space();
    const response = await embed(s.spaceId, s.token, unique(`${origin}/oembed-page`));
    expect(response.body).toEqual({ type: 'link', title: 'A video', site: 'Tube' });
    expect(JSON.stringify(response.body)).not.toContain('script');
  });

  it('answers the card of the URL itself for what is no web page, too large or failing', async () => {
    const s = await space();
    for (const path of ['/file.pdf', '/huge', '/missing']) {
      const url = unique(`${origin}${path}`);
      const before = requestsTo(path);
      const response = await embed(s.spaceId, s.token, url);
      expect(response.status, path).toBe(200);
      // The huge page's title comes first: a card read past the limit would show "Huge".
      expect(response.body, path).toEqual({ type: 'link', title: url, site: `127.0.0.1:${port}` });
      expect(requestsTo(path), path).toBe(before + 1);
    }
  });

  it('keeps a card: a second call for the same URL fetches nothing', async () => {
    const s = await space();
    const url = unique(`${origin}/card`);
    const before = requestsTo('/card');
    const first = await embed(s.spaceId, s.token, url);
    const second = await embed(s.spaceId, s.token, url);
    expect(second.body).toEqual(first.body);
    expect(requestsTo('/card')).toBe(before + 1);
  });

  it('refuses URLs that are no http(s) URL, naming url, and fetches nothing', async () => {
    const s = await space();
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com/file',
      `http://user:secret@127.0.0.1:${port}/card`,
      `http://127.0.0.1:${port}/card with space`,
      '/relative/path',
      `https://example.com/${'x'.repeat(4000)}`,
    ]) {
      const before = requestsTo('/card');
      const response = await embed(s.spaceId, s.token, url);
      expect(response.status, url).toBe(400);
      expect(response.body.error.issues?.[0]?.field ?? JSON.stringify(response.body), url).toBe('url');
      expect(requestsTo('/card'), url).toBe(before);
    }
    const missing = await server.api(`/v1/spaces/${s.spaceId}/embed`, { token: s.token });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.error)).toContain('url');
  });

  it('never connects to a private address, however reached: the card of the URL itself', async () => {
    const s = await space();
    const cardRequests = requestsTo('/card');
    for (const url of [
      `http://localhost:${port}/card`,
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data/',
      unique(`${origin}/to-private`),
    ]) {
      const response = await embed(s.spaceId, s.token, url);
      expect(response.status, url).toBe(200);
      expect(response.body, url).toEqual({ type: 'link', title: url, site: new URL(url).host });
    }
    // `localhost` names the test site's own address, and the redirect points there: neither reached it.
    expect(requestsTo('/card')).toBe(cardRequests);
  });

  it('is a 404 for a space the caller cannot see, before anything is fetched', async () => {
    const s = await space();
    const url = unique(`${origin}/card`);
    const before = requestsTo('/card');
    const response = await embed(s.spaceId, s.otherToken, url);
    expect(response.status).toBe(404);
    const unknown = await embed('no-such-space', s.token, url);
    expect(unknown.status).toBe(404);
    expect(requestsTo('/card')).toBe(before);
  });

  it('answers the same card on REST, GraphQL and tRPC', async () => {
    const s = await space();
    const route = findRoute('GET /v1/spaces/:spaceId/embed');
    if (!route) throw new Error('no embed route');
    const responses = await callFaces(server, {
      route,
      input: { spaceId: s.spaceId, url: unique(`${origin}/card`) },
      token: s.token,
    });
    expect(responses.rest.status).toBe(200);
    expect(responses.trpc.data).toEqual(responses.rest.data);
    expect(responses.graphql.status).toBe(200);
    const graphql = await server.api('/graphql', {
      method: 'POST',
      token: s.token,
      body: {
        query:
          'query($s: String!, $u: String!) { spacesEmbedGet(spaceId: $s, url: $u) { type title site icon } }',
        variables: { s: s.spaceId, u: unique(`${origin}/card`) },
      },
    });
    expect(graphql.body.data.spacesEmbedGet).toEqual(responses.rest.data);
    const refused = await callFaces(server, {
      route,
      input: { spaceId: s.spaceId, url: 'javascript:alert(1)' },
      token: s.token,
    });
    for (const face of ['rest', 'graphql', 'trpc'] as const) {
      expect(refused[face].status, face).toBe(400);
      expect(refused[face].error?.fields ?? [], face).toContain('url');
    }
  });
});
