/** Spaces and collections made through the API, for the spaces tests. */
import { expect } from 'vitest';
import type { TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
export type Json = any;

export async function createSpace(
  server: TestServer,
  token: string,
  organizationId: string,
  body: Record<string, unknown> = {},
): Promise<Json> {
  const response = await server.api(`/v1/orgs/${organizationId}/spaces`, {
    method: 'POST',
    token,
    body: { title: 'Handbook', ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

export async function createCollection(
  server: TestServer,
  token: string,
  organizationId: string,
  body: Record<string, unknown> = {},
): Promise<Json> {
  const response = await server.api(`/v1/orgs/${organizationId}/collections`, {
    method: 'POST',
    token,
    body: { title: 'Guides', ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** The stored record, read past every rule (to check that a refused request changed nothing). */
export const storedSpace = (server: TestServer, spaceId: string) =>
  server.services.repos.spaces.findById(spaceId);

/** Ids of the spaces an organization lists for a caller, all pages. */
export async function listedSpaceIds(
  server: TestServer,
  token: string,
  organizationId: string,
): Promise<string[]> {
  const ids: string[] = [];
  let page: string | undefined;
  do {
    const query = page ? `?page=${encodeURIComponent(page)}` : '';
    const response = await server.api(`/v1/orgs/${organizationId}/spaces${query}`, { token });
    expect(response.status).toBe(200);
    ids.push(...response.body.items.map((space: Json) => space.id));
    page = response.body.next?.page;
  } while (page);
  return ids;
}
