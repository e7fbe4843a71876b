/** Assertions on REST answers: GitBook's error body, and lists walked page by page. */
import { expect } from 'vitest';
import { allPages } from './pages';
import type { ApiResponse, TestServer } from './test-server';

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
  const separator = path.includes('?') ? '&' : '?';
  const walked = await allPages(async (page) => {
    const response = await server.api(page ? `${path}${separator}page=${encodeURIComponent(page)}` : path, {
      token,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  });
  return {
    items: walked.items,
    counts: walked.pages.map((page) => page.count),
    pages: walked.pages.length,
  };
}

/** GitBook's message for a request that would change nothing (409 'no_change'). */
export const NO_CHANGE_MESSAGE = 'operation would not result in any update';
