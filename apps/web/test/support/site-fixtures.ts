/** Sites and their structure as the server presents them, with the fields the site screens read. */
import { page, SESSION } from './fixtures';

export const ALL_SITE_PERMISSIONS = {
  view: true,
  access: true,
  edit: true,
  create: true,
  admin: true,
  installIntegration: true,
  viewAdaptiveSchema: true,
  editAdaptiveSchema: true,
};
export const READER_SITE_PERMISSIONS = {
  ...ALL_SITE_PERMISSIONS,
  edit: false,
  create: false,
  admin: false,
  installIntegration: false,
  editAdaptiveSchema: false,
};

export function site(overrides: Record<string, unknown> = {}) {
  return {
    object: 'site',
    id: 'site-docs',
    type: 'basic',
    title: 'Public docs',
    visibility: 'public',
    published: false,
    siteSpaces: 2,
    defaultSpace: 'space-guide',
    features: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    adaptiveContent: { enabled: true },
    agentsContext: 'included',
    permissions: ALL_SITE_PERMISSIONS,
    urls: {
      location: 'http://quire.test/v1/orgs/org-acme/sites/site-docs',
      app: 'http://quire.test/o/org-acme/sites/site-docs',
    },
    ...overrides,
  };
}

const space = (id: string, title: string) => ({ object: 'space', id, title });

export function siteSpace(id: string, title: string, overrides: Record<string, unknown> = {}) {
  return {
    object: 'site-space',
    id,
    path: title.toLowerCase().replace(/\s+/g, '-'),
    space: space(`space-${id}`, title),
    title,
    default: false,
    hasAdvancedCustomizationFeature: false,
    urls: {},
    ...overrides,
  };
}

export function section(
  id: string,
  title: string,
  siteSpaces: unknown[],
  overrides: Record<string, unknown> = {},
) {
  return {
    object: 'site-section',
    id,
    title,
    default: false,
    path: title.toLowerCase(),
    siteSpaces,
    urls: {},
    ...overrides,
  };
}

/** Two sections: Guide (v1, v2) and API; the schema knows `betaUser` (unsigned) and `isAdmin`. */
export const STRUCTURE = {
  type: 'sections',
  structure: [
    section(
      'section-guide',
      'Guide',
      [siteSpace('ss-v1', 'Guide v1', { default: true }), siteSpace('ss-v2', 'Guide v2')],
      {
        default: true,
      },
    ),
    section('section-api', 'API', [siteSpace('ss-api', 'API reference', { default: true })]),
  ],
};

export const ADAPTIVE_SCHEMA = {
  object: 'site-adaptive-schema',
  jsonSchema: {
    type: 'object',
    properties: {
      isAdmin: { type: 'boolean', description: 'Signed in as an admin' },
      unsigned: {
        type: 'object',
        properties: { betaUser: { type: 'boolean', description: 'Joined the beta' } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The handlers every site screen needs: a signed-in admin of Acme. */
export function siteHandlers(admin = true) {
  return {
    'session.current': () => SESSION,
    'orgs.list': () => page([{ id: 'org-acme', title: 'Acme' }]),
    'orgs.get': () => ({ id: 'org-acme', title: 'Acme', permissions: { admin, ownTeam: admin } }),
    'spaces.list': () =>
      page([space('space-guide', 'Guide'), space('space-api', 'API'), space('space-blog', 'Blog')]),
    'sites.list': () => page([site()]),
    'sites.get': () => site(admin ? {} : { permissions: READER_SITE_PERMISSIONS }),
    'sites.structure.get': () => STRUCTURE,
    'sites.adaptiveSchema.get': () => ADAPTIVE_SCHEMA,
    'sites.adaptiveSchema.templateConditions': () => ({
      items: [{ description: 'Visitors in the beta', condition: 'visitor.claims.unsigned.betaUser == true' }],
    }),
    'sites.shareLinks.list': () => page([]),
  } as Record<string, (input: unknown) => unknown>;
}
