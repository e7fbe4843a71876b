/** Assertions shared by the organization tests. */
import { expect } from 'vitest';
import type { ApiResponse, TestServer } from '../support/test-server';

/** A 400 whose message and issues name the field. */
export function expectFieldError(response: ApiResponse, field: string): void {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.error.code).toBe(400);
  expect(response.body.error.message).toContain(field);
  const fields = (response.body.error.issues ?? []).map((issue: { field: string }) => issue.field);
  expect(fields).toContain(field);
}

export function expectError(response: ApiResponse, status: number): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.error.code).toBe(status);
  expect(typeof response.body.error.message).toBe('string');
}

/** Follows `next.page` from a first request until the end; returns every item and the counts seen. */
export async function walkPages(
  server: TestServer,
  path: string,
  token: string,
  // biome-ignore lint/suspicious/noExplicitAny: list items of any resource
): Promise<{ items: any[]; counts: number[]; pages: number }> {
  // biome-ignore lint/suspicious/noExplicitAny: list items of any resource
  const items: any[] = [];
  const counts: number[] = [];
  let pages = 0;
  let page: string | undefined;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const response = await server.api(page ? `${path}${separator}page=${encodeURIComponent(page)}` : path, {
      token,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    items.push(...response.body.items);
    counts.push(response.body.count);
    pages++;
    page = response.body.next?.page;
    expect(pages).toBeLessThan(100);
  } while (page);
  return { items, counts, pages };
}

export const ALL_ORGANIZATION_PERMISSIONS = [
  'view',
  'admin',
  'ownTeam',
  'createContent',
  'createOpenAPISpec',
  'ingestConversations',
  'viewBilling',
  'listMembers',
  'listTeams',
  'listIntegrations',
  'listInstallations',
  'installIntegration',
] as const;
