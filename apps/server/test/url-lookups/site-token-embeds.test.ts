/**
 * What a site API token's visitor (anyone who opens a public site gets a token) can make the
 * server fetch through `GET SPACE/embed`: the URLs the space's content embeds, nothing else.
 * A receiver on 127.0.0.1 (allowed, as `QUIRE_FETCH_ALLOW_HOSTS` would allow a public host)
 * counts the fetches. Before, 200 distinct URLs asked by one visitor were 200 fetches.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { type LookupFixture, lookupFixture, resolved, withToken } from './url-lookup-support';

let server: TestServer;
let f: LookupFixture;
let target: Server;
let origin = '';
/** Requests the receiver answered, by path. */
const hits = new Map<string, number>();

beforeAll(async () => {
  target = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    response.writeHead(200, { 'content-type': 'text/html' }).end(`<title>Title of ${path}</title>`);
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  server = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
  f = await lookupFixture(server);
  await f.admin('POST', `/v1/spaces/${f.spaces.docs}/content`, {
    changes: [
      {
        operation: 'insert_page',
        title: 'Embeds',
        document: { markdown: `{% embed url="${origin}/embedded" %}\n` },
      },
    ],
  });
});

afterAll(async () => {
  await server.close();
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
});

const embedPath = (url: string) => `/v1/spaces/${f.spaces.docs}/embed?url=${encodeURIComponent(url)}`;

describe("a site visitor's embeds", () => {
  it('fetches none of 50 URLs the content does not embed, answering each its own card', async () => {
    const token = (await resolved(server, `${f.base}docs`)).apiToken;
    for (let n = 0; n < 50; n++) {
      const url = `${origin}/elsewhere/${n}`;
      const response = await withToken(server, token, embedPath(url));
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toEqual({ type: 'link', title: url, site: new URL(origin).host });
    }
    expect([...hits.keys()].filter((path) => path.startsWith('/elsewhere'))).toEqual([]);
  });

  it("fetches a URL the space's content embeds: its page's card", async () => {
    const token = (await resolved(server, `${f.base}docs`)).apiToken;
    const response = await withToken(server, token, embedPath(`${origin}/embedded`));
    expect(response.body).toMatchObject({ type: 'link', title: 'Title of /embedded' });
    expect(hits.get('/embedded')).toBe(1);
  });

  it('fetches for a member as before, and the visitor then has the card kept', async () => {
    const url = `${origin}/members-only-embed`;
    const member = await f.admin('GET', embedPath(url));
    expect(member).toMatchObject({ title: 'Title of /members-only-embed' });
    const token = (await resolved(server, `${f.base}docs`)).apiToken;
    const visitor = await withToken(server, token, embedPath(url));
    expect(visitor.body).toMatchObject({ title: 'Title of /members-only-embed' });
    expect(hits.get('/members-only-embed')).toBe(1);
  });
});
