/**
 * What the site customization tests share: a server that may fetch from 127.0.0.1, an origin
 * there serving an image, a font, a web page and nothing else (counting the requests of each
 * path, so a test proves what was fetched and when), and a published public site of two
 * sections, one site space each.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import type { ApiResponse, TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read freely
type Json = any;

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** Bytes that start as a WOFF2 font does (the server stores them by type, it does not parse fonts). */
export const WOFF2 = Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(60, 1)]);

export interface AssetOrigin {
  url: string;
  requests(path: string): number;
  close(): Promise<void>;
}

/**
 * The origin: `/<name>.png` an image, `/<name>.woff2` a font, `/<name>.html` a page, `/<name>.jpg`
 * a page declared as a JPEG, anything else 404.
 */
export async function startAssetOrigin(): Promise<AssetOrigin> {
  const counts = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://origin').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    if (path.endsWith('.png')) response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else if (path.endsWith('.woff2')) response.writeHead(200, { 'content-type': 'font/woff2' }).end(WOFF2);
    // A page declared as an image: the bytes are what counts.
    else if (path.endsWith('.jpg'))
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html></html>');
    else if (path.endsWith('.html'))
      response.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: (path) => counts.get(path) ?? 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface CustomizedSiteFixture {
  org: TestOrganization;
  siteId: string;
  /** `/v1/orgs/<org>/sites/<site>`. */
  site: string;
  siteSpaces: [string, string];
  call(method: string, suffix: string, body?: unknown, token?: string | null): Promise<ApiResponse>;
  /** A call that must answer `status` (default 200); its body. */
  ok(method: string, suffix: string, body?: unknown, status?: number): Promise<Json>;
}

export async function customizedSiteFixture(server: TestServer): Promise<CustomizedSiteFixture> {
  const org = await createOrganization(server);
  const token = org.admin.token;
  const orgPath = `/v1/orgs/${org.organization.id}`;
  const request = async (method: string, path: string, body?: unknown) => {
    const response = await server.api(path, { method, token, ...(body === undefined ? {} : { body }) });
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body as Json;
  };
  const guides = await request('POST', `${orgPath}/spaces`, { title: 'Guides' });
  const api = await request('POST', `${orgPath}/spaces`, { title: 'API' });
  const created = await request('POST', `${orgPath}/sites`, { title: 'Docs site' });
  const site = `${orgPath}/sites/${created.id}`;
  const first = await request('POST', `${site}/sections`, { spaceId: guides.id, title: 'Guides' });
  const second = await request('POST', `${site}/sections`, { spaceId: api.id, title: 'API' });
  await request('POST', `${site}/publish`);
  const call: CustomizedSiteFixture['call'] = (method, suffix, body, as = token) =>
    server.api(site + suffix, {
      method,
      ...(as === null ? {} : { token: as }),
      ...(body === undefined ? {} : { body }),
    });
  return {
    org,
    siteId: created.id,
    site,
    siteSpaces: [first.siteSpaces[0].id, second.siteSpaces[0].id],
    call,
    async ok(method, suffix, body, status = 200) {
      const response = await call(method, suffix, body);
      expect(response.status, `${method} ${suffix}: ${JSON.stringify(response.body)}`).toBe(status);
      return response.body;
    },
  };
}
