/**
 * What the URL-lookup tests share, made through real HTTP: an organization with three
 * spaces (`docs` holding the pages `guide` and `guide/install`, `api` and `beta`), and a
 * published site (basename `handbook`) with three sections: Docs (the default), API (two
 * site spaces: the space `api` at the default and `docs` again at `v2`), and Beta, shown
 * only to visitors whose claims say `beta == true`. Plus the calls: the lookup, and reads
 * with a site API token.
 */
import { expect } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import type { ApiResponse, TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read freely
export type Json = any;

export interface LookupFixture {
  org: TestOrganization;
  siteId: string;
  /** `/v1/orgs/<org>/sites/<site>`. */
  site: string;
  /** `<app>/~sites/<org>/handbook/`: the site's own published address. */
  base: string;
  spaces: { docs: string; api: string; beta: string };
  sections: { docs: string; api: string; beta: string };
  siteSpaces: { docs: string; api: string; v2: string; beta: string };
  pages: { guide: string; install: string };
  /** Calls a route as the organization's admin; it must answer `status` (default: any success). */
  admin(method: string, path: string, body?: unknown, status?: number): Promise<Json>;
}

export async function lookupFixture(server: TestServer): Promise<LookupFixture> {
  const org = await createOrganization(server);
  const admin = async (method: string, path: string, body?: unknown, status?: number) => {
    const response = await server.api(path, {
      method,
      token: org.admin.token,
      ...(body === undefined ? {} : { body }),
    });
    const where = `${method} ${path}: ${JSON.stringify(response.body)}`;
    if (status !== undefined) expect(response.status, where).toBe(status);
    else expect(response.status, where).toBeLessThan(300);
    return response.body as Json;
  };
  const orgPath = `/v1/orgs/${org.organization.id}`;
  const docs = await admin('POST', `${orgPath}/spaces`, { title: 'Docs' });
  const api = await admin('POST', `${orgPath}/spaces`, { title: 'API' });
  const beta = await admin('POST', `${orgPath}/spaces`, { title: 'Beta' });
  const made = await admin('POST', `/v1/spaces/${docs.id}/content`, {
    changes: [
      { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: 'Guide.\n' } },
      { operation: 'insert_page', into: 'guide', title: 'Install', document: { markdown: 'Install.\n' } },
    ],
  });
  const [guide, install] = made.changes.map((change: Json) => change.page.id as string);
  const created = await admin('POST', `${orgPath}/sites`, { title: 'Handbook' }, 201);
  const site = `${orgPath}/sites/${created.id}`;
  await admin('PATCH', site, { basename: 'handbook' });
  await admin('PUT', `${site}/adaptive-schema`, {
    jsonSchema: {
      type: 'object',
      properties: { beta: { type: 'boolean', description: 'Beta tester' } },
      additionalProperties: false,
    },
  });
  const docsSection = await admin('POST', `${site}/sections`, { spaceId: docs.id, title: 'Docs' }, 201);
  const apiSection = await admin('POST', `${site}/sections`, { spaceId: api.id, title: 'API' }, 201);
  const betaSection = await admin('POST', `${site}/sections`, { spaceId: beta.id, title: 'Beta' }, 201);
  await admin('PATCH', `${site}/sections/${betaSection.id}`, { condition: 'visitor.claims.beta == true' });
  const v2 = await admin('POST', `${site}/site-spaces`, { spaceId: docs.id, sectionId: apiSection.id }, 201);
  await admin('PATCH', `${site}/site-spaces/${v2.id}`, { path: 'v2' });
  const structure = await admin('GET', `${site}/structure`);
  const siteSpaceOf = (sectionId: string, spaceId: string): string => {
    const section = structure.structure.find((item: Json) => item.id === sectionId);
    return section.siteSpaces.find((siteSpace: Json) => siteSpace.space.id === spaceId).id;
  };
  await admin('POST', `${site}/publish`);
  const { urls } = server.services;
  return {
    org,
    siteId: created.id,
    site,
    base: `${urls.sites ?? urls.app}/~sites/${org.organization.id}/handbook/`,
    spaces: { docs: docs.id, api: api.id, beta: beta.id },
    sections: { docs: docsSection.id, api: apiSection.id, beta: betaSection.id },
    siteSpaces: {
      docs: siteSpaceOf(docsSection.id, docs.id),
      api: siteSpaceOf(apiSection.id, api.id),
      v2: v2.id,
      beta: siteSpaceOf(betaSection.id, beta.id),
    },
    pages: { guide, install },
    admin,
  };
}

/** `POST /v1/urls/published` with `body`, as `token` (none by default). */
export const lookup = (
  server: TestServer,
  body: unknown,
  token: string | null = null,
): Promise<ApiResponse> => server.api('/v1/urls/published', { method: 'POST', token, body });

/** The lookup of `url` that must resolve to content: its body. */
export async function resolved(
  server: TestServer,
  url: string,
  extra: Record<string, unknown> = {},
): Promise<Json> {
  const response = await lookup(server, { url, ...extra });
  expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
  expect(response.body.apiToken, url).toEqual(expect.any(String));
  return response.body;
}

/** A read with a site API token. */
export const withToken = (server: TestServer, token: string, path: string, method = 'GET', body?: unknown) =>
  server.api(path, { method, token, ...(body === undefined ? {} : { body }) });

/** A refusal in GitBook's error shape, with Quire's domain code as its `type`. */
export function expectRefusal(response: ApiResponse, status: number, type: string): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.error.code, JSON.stringify(response.body)).toBe(status);
  expect(response.body.error.type, JSON.stringify(response.body)).toBe(type);
  expect(typeof response.body.error.message).toBe('string');
}
