/**
 * What the reader's visitor and machine-format tests share, made through real HTTP: an
 * organization with two spaces — `docs` (the page Guide, holding an `if` block for visitors
 * whose unsigned claim `plan` is "pro", with Install under it, and a hidden page) and `beta`
 * (the page Preview) — and five sites over them, one per visibility: `pub` (public, sections
 * Docs and Beta, Beta shown only to visitors whose signed claim `beta` is true), `unl`
 * (unlisted), `shr` (share-link, one active link), `va` (visitor-auth with a fallback URL) and
 * `draft` (never published). Requests go to the reader at `/~sites/<organization>/<site>/`.
 */
import { expect } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import type { TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read freely
type Json = any;

export const PRO_TEXT = 'Only for pro plans.';
export const BETA_TEXT = 'Preview of the beta.';
export const HIDDEN_TEXT = 'A page kept out of lists.';
export const FALLBACK = 'https://login.example.com/start';

export interface ReaderFixture {
  org: TestOrganization;
  /** `/~sites/<organization>/` */
  sites: string;
  shareKey: string;
  shareLinkPath: string;
  /** The visitor-auth site's key (signs visitor tokens). */
  vaKey: string;
  /** The public site's key (signs tokens carrying `beta`). */
  pubKey: string;
  admin(method: string, path: string, body?: unknown): Promise<Json>;
}

export async function readerFixture(server: TestServer): Promise<ReaderFixture> {
  const org = await createOrganization(server);
  const admin = async (method: string, path: string, body?: unknown) => {
    const response = await server.api(path, {
      method,
      token: org.admin.token,
      ...(body === undefined ? {} : { body }),
    });
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body as Json;
  };
  const orgPath = `/v1/orgs/${org.organization.id}`;
  const docs = await admin('POST', `${orgPath}/spaces`, { title: 'Docs' });
  const beta = await admin('POST', `${orgPath}/spaces`, { title: 'Beta' });
  await admin('POST', `/v1/spaces/${docs.id}/content`, {
    changes: [
      {
        operation: 'insert_page',
        ref: 'guide',
        title: 'Guide',
        description: 'How to start.',
        document: {
          markdown: `Start here.\n\n{% if visitor.claims.unsigned.plan == "pro" %}\n${PRO_TEXT}\n{% endif %}\n`,
        },
      },
      { operation: 'insert_page', into: 'guide', title: 'Install', document: { markdown: 'Install it.\n' } },
      { operation: 'insert_page', title: 'Hidden', hidden: true, document: { markdown: `${HIDDEN_TEXT}\n` } },
    ],
  });
  await admin('POST', `/v1/spaces/${beta.id}/content`, {
    changes: [{ operation: 'insert_page', title: 'Preview', document: { markdown: `${BETA_TEXT}\n` } }],
  });

  const site = async (basename: string, title: string, visibility: string) => {
    const created = await admin('POST', `${orgPath}/sites`, { title });
    const path = `${orgPath}/sites/${created.id}`;
    await admin('PATCH', path, { basename, visibility });
    return path;
  };
  const pub = await site('pub', 'Handbook', 'public');
  await admin('PUT', `${pub}/adaptive-schema`, {
    jsonSchema: {
      type: 'object',
      properties: { beta: { type: 'boolean', description: 'Beta tester' } },
      additionalProperties: false,
    },
  });
  await admin('POST', `${pub}/sections`, { spaceId: docs.id, title: 'Docs' });
  const betaSection = await admin('POST', `${pub}/sections`, { spaceId: beta.id, title: 'Beta' });
  await admin('PATCH', `${pub}/sections/${betaSection.id}`, { condition: 'visitor.claims.beta == true' });
  await admin('POST', `${pub}/publish`);

  for (const [basename, visibility] of [
    ['unl', 'unlisted'],
    ['shr', 'share-link'],
    ['va', 'visitor-auth'],
    ['draft', 'public'],
  ] as const) {
    const path = await site(basename, `Site ${basename}`, visibility);
    await admin('POST', `${path}/site-spaces`, { spaceId: docs.id });
    if (basename !== 'draft') await admin('POST', `${path}/publish`);
    if (basename === 'va') await admin('PATCH', `${path}/publishing/auth`, { fallbackURL: FALLBACK });
  }
  const shr = `${orgPath}/sites/${(await admin('GET', `${orgPath}/sites`)).items.find((s: Json) => s.basename === 'shr').id}`;
  const link = await admin('POST', `${shr}/share-links`, { name: 'Partners' });
  const vaPath = `${orgPath}/sites/${(await admin('GET', `${orgPath}/sites`)).items.find((s: Json) => s.basename === 'va').id}`;
  return {
    org,
    sites: `/~sites/${org.organization.id}/`,
    // GitBook's form of a share link's address: the key as the first segment after the site's.
    shareKey: (link.urls.published as string).split('/').filter(Boolean).pop() as string,
    shareLinkPath: `${shr}/share-links/${link.id}`,
    vaKey: (await admin('GET', `${vaPath}/publishing/auth`)).privateKey,
    pubKey: (await admin('GET', `${pub}/publishing/auth`)).privateKey,
    admin,
  };
}

export interface ReaderResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The `Set-Cookie` values. */
  cookies: string[];
}

/** A GET of the reader, redirects not followed. */
export async function read(
  server: TestServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<ReaderResponse> {
  const response = await fetch(server.url + path, { headers, redirect: 'manual' });
  return {
    status: response.status,
    headers: response.headers,
    text: await response.text(),
    cookies: response.headers.getSetCookie(),
  };
}

/** The `name=value` of a `Set-Cookie` value, as a browser sends it back. */
export const cookiePair = (setCookie: string): string => setCookie.split(';')[0] as string;
