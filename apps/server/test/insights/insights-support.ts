/**
 * What the insights tests share: an organization with a space of two pages (`guide`,
 * `guide/install`) shown by a published public site in a section, events of GitBook's shapes
 * placed on it, and the calls on the site's insights routes.
 */
import { expect } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import type { ApiResponse, TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read freely
type Json = any;

export interface InsightsFixture {
  org: TestOrganization;
  siteId: string;
  /** `/v1/orgs/<org>/sites/<site>`. */
  site: string;
  spaceId: string;
  sectionId: string;
  siteSpaceId: string;
  guideId: string;
  installId: string;
  /** An event of `type` on a page of the site (null: on no page), with its own fields. */
  event(type: string, page: string | null, fields?: Record<string, unknown>): Json;
  /** POST the events to a site's insights (default this one), anonymously unless a token is given. */
  send(
    events: Json[],
    options?: { site?: string; token?: string; headers?: Record<string, string> },
  ): Promise<ApiResponse>;
  /** The aggregate of a query as the organization's admin (200 expected). */
  aggregate(query: Json): Promise<Json>;
  /** An admin's call that must succeed; its body. */
  admin(method: string, path: string, body?: unknown): Promise<Json>;
}

export const SESSION = {
  visitorId: 'visitor-1',
  sessionId: 'session-1',
  cookies: {},
  userAgent: 'Mozilla/5.0 (test)',
  language: 'en',
  referrer: null,
};

export async function insightsFixture(server: TestServer, org?: TestOrganization): Promise<InsightsFixture> {
  const owner = org ?? (await createOrganization(server));
  const admin = async (method: string, path: string, body?: unknown) => {
    const response = await server.api(path, {
      method,
      token: owner.admin.token,
      ...(body === undefined ? {} : { body }),
    });
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body as Json;
  };
  const orgPath = `/v1/orgs/${owner.organization.id}`;
  const space = await admin('POST', `${orgPath}/spaces`, { title: 'Docs' });
  const made = await admin('POST', `/v1/spaces/${space.id}/content`, {
    changes: [
      { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: 'Guide.\n' } },
      { operation: 'insert_page', into: 'guide', title: 'Install', document: { markdown: 'Install.\n' } },
    ],
  });
  const [guideId, installId] = made.changes.map((change: Json) => change.page.id as string);
  const created = await admin('POST', `${orgPath}/sites`, { title: 'Docs site' });
  const site = `${orgPath}/sites/${created.id}`;
  const section = await admin('POST', `${site}/sections`, { spaceId: space.id, title: 'Docs' });
  await admin('POST', `${site}/publish`);
  const siteSpaceId = section.siteSpaces[0].id as string;
  return {
    org: owner,
    siteId: created.id,
    site,
    spaceId: space.id,
    sectionId: section.id,
    siteSpaceId,
    guideId,
    installId,
    admin,
    event: (type, page, fields = {}) => ({
      type,
      session: SESSION,
      location: {
        url: 'https://docs.example.com/docs/guide',
        siteSection: section.id,
        siteSpace: siteSpaceId,
        siteShareKey: null,
        space: space.id,
        revision: null,
        page,
      },
      ...fields,
    }),
    send: (events, options = {}) =>
      server.api(`${options.site ?? site}/insights/events`, {
        method: 'POST',
        token: options.token ?? null,
        body: { events },
        ...(options.headers ? { headers: options.headers } : {}),
      }),
    async aggregate(query) {
      const response = await server.api(`${site}/insights/events/aggregate`, {
        method: 'POST',
        token: owner.admin.token,
        body: query,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    },
  };
}

/** The rows of an aggregate's columns, as objects keyed by column. */
export const rowsOf = (result: Json): Json[] => {
  const columns = result.columns as Array<{ column: string; values: unknown[] }>;
  const count = columns[0]?.values.length ?? 0;
  return Array.from({ length: count }, (_, i) =>
    Object.fromEntries(columns.map((column) => [column.column, column.values[i]])),
  );
};
