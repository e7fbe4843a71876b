/**
 * What the structure tests share: a site made through real HTTP, calls on its structure
 * routes as the organization's admin, and an adaptive schema stored directly (its own
 * route belongs to the adaptive-content tests) for the conditions to be checked against.
 */
import { expect } from 'vitest';
import { createSpace } from '../support/content';
import type { TestOrganization } from '../support/factories';
import type { ApiResponse, TestServer } from '../support/test-server';

export interface StructureFixture {
  org: TestOrganization;
  siteId: string;
  /** The path of the site: `/v1/orgs/<org>/sites/<site>`. */
  path: string;
  call(method: string, suffix: string, body?: unknown, token?: string): Promise<ApiResponse>;
  /** A call that must answer `status`; its body. */
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are read freely
  ok(method: string, suffix: string, body?: unknown, status?: number): Promise<any>;
}

export async function siteFixture(
  server: TestServer,
  org: TestOrganization,
  body: Record<string, unknown> = {},
): Promise<StructureFixture> {
  const created = await server.api(`/v1/orgs/${org.organization.id}/sites`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Docs site', ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const path = `/v1/orgs/${org.organization.id}/sites/${created.body.id}`;
  const call: StructureFixture['call'] = (method, suffix, requestBody, token = org.admin.token) =>
    server.api(path + suffix, { method, token, ...(requestBody === undefined ? {} : { body: requestBody }) });
  return {
    org,
    siteId: created.body.id,
    path,
    call,
    async ok(
      method,
      suffix,
      requestBody,
      status = method === 'POST' && !suffix.endsWith('/move') ? 201 : 200,
    ) {
      const response = await call(method, suffix, requestBody);
      expect(response.status, `${method} ${suffix}: ${JSON.stringify(response.body)}`).toBe(status);
      return response.body;
    },
  };
}

/** Spaces of the organization, titled as given, in order. */
export async function spacesTitled(server: TestServer, org: TestOrganization, ...titles: string[]) {
  const spaces = [];
  for (const title of titles) spaces.push(await createSpace(server, org, { title }));
  return spaces;
}

/** Stores an adaptive schema with the unsigned boolean claims `names` on the site. */
export async function setClaims(server: TestServer, siteId: string, names: string[]): Promise<void> {
  const { sites } = server.services.repos;
  const site = await sites.findById(siteId);
  if (!site) throw new Error('setClaims: no such site');
  const claims = Object.fromEntries(names.map((name) => [name, { type: 'boolean' }]));
  const jsonSchema = {
    type: 'object',
    properties: { unsigned: { type: 'object', properties: claims, additionalProperties: false } },
    additionalProperties: false,
  };
  const stored = await sites.replace(
    { ...site, adaptiveSchema: { jsonSchema, updatedAt: site.updatedAt }, version: site.version + 1 },
    site.version,
  );
  if (!stored) throw new Error('setClaims: the site changed meanwhile');
}

export const idsOf = (items: ReadonlyArray<{ id: string }>) => items.map((item) => item.id);
