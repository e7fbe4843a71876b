/** What the site-access tests share: a site made over HTTP, its published view, visitor tokens. */
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import type { TestOrganization } from '../support/factories';
import type { ApiResponse, TestServer } from '../support/test-server';

export const sitePath = (org: TestOrganization, siteId: string) =>
  `/v1/orgs/${org.organization.id}/sites/${siteId}`;

export async function createSite(
  server: TestServer,
  org: TestOrganization,
  body: Record<string, unknown> = {},
): Promise<{ id: string }> {
  const response = await server.api(`/v1/orgs/${org.organization.id}/sites`, {
    method: 'POST',
    token: org.admin.token,
    body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

export async function adminCall(
  server: TestServer,
  org: TestOrganization,
  path: string,
  method: string,
  body?: unknown,
): Promise<ApiResponse> {
  const response = await server.api(path, {
    method,
    token: org.admin.token,
    ...(body === undefined ? {} : { body }),
  });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response;
}

export interface VisitorRequest {
  token?: string | null;
  shareKey?: string;
  jwt?: string;
  cookie?: string;
}

/** `GET SITE/published` as a visitor: no credential unless given. */
export function published(
  server: TestServer,
  org: TestOrganization,
  siteId: string,
  request: VisitorRequest = {},
) {
  const query = new URLSearchParams();
  if (request.shareKey !== undefined) query.set('shareKey', request.shareKey);
  if (request.jwt !== undefined) query.set('jwt_token', request.jwt);
  const search = query.size > 0 ? `?${query}` : '';
  return server.api(`${sitePath(org, siteId)}/published${search}`, {
    token: request.token ?? null,
    ...(request.cookie === undefined ? {} : { headers: { cookie: request.cookie } }),
  });
}

/**
 * A visitor token signed HS256 with `key`, valid for an hour from now (or expired
 * `expiredSecondsAgo`, or without any expiry with `noExpiry`).
 */
export function visitorToken(
  key: string,
  claims: Record<string, unknown> = {},
  options: { expiredSecondsAgo?: number; alg?: 'HS256' | 'HS512'; noExpiry?: boolean } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const token = new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 7200);
  if (!options.noExpiry)
    token.setExpirationTime(
      options.expiredSecondsAgo === undefined ? now + 3600 : now - options.expiredSecondsAgo,
    );
  return token.sign(new TextEncoder().encode(key));
}
