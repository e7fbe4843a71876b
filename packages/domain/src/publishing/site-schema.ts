/** The Site resource and its presenter. */
import { z } from 'zod';
import type { PublicUrls } from '../core/context';
import { TimestampSchema, UrlSchema } from '../core/schemas';
import type { SitePermissions } from '../policies/site-policy';
import type { SiteRecord } from './records';
import { SiteAgentsContextSchema, SiteTypeSchema, SiteVisibilitySchema } from './site-fields';
import { locatedSiteSpaces, siteDefaultOf } from './site-structure';
import { quireSiteBase, siteAppUrl, siteLocation, sitePublishedBase } from './site-urls';

const permission = (what: string) => z.boolean().describe(what);

export const SitePermissionsSchema = z
  .object({
    view: permission('Can the caller view the site'),
    access: permission('Can the caller open the site in the app'),
    edit: permission('Can the caller edit the content of the site'),
    create: permission("Can the caller shape the site's structure (sections, site spaces)"),
    admin: permission('Can the caller change, publish and delete the site'),
    installIntegration: permission('Can the caller install integrations on the site'),
    viewAdaptiveSchema: permission('Can the caller view the adaptive schema'),
    editAdaptiveSchema: permission('Can the caller change the adaptive schema'),
  })
  .meta({ id: 'SitePermissions', description: 'What the caller may do on the site' });

export const SiteSchema = z
  .object({
    object: z.literal('site').describe('Always "site"'),
    id: z.string().describe('Id of the site'),
    type: SiteTypeSchema,
    title: z.string().describe('Title of the site'),
    hostname: z.string().optional().describe('Custom hostname of the site'),
    basename: z.string().optional().describe('Basename of the site in its published URL'),
    proxy: z
      .object({
        origin: z.string().describe('The domain and path the site is served at, e.g. example.com/docs'),
        target: z.string().describe('Where requests to the origin are sent'),
      })
      .optional()
      .describe('The sub-path of a domain the site is served under'),
    visibility: SiteVisibilitySchema,
    published: z.boolean().describe('Whether the site is reachable by the audience its visibility defines'),
    siteSpaces: z.number().describe('Number of site spaces of the site'),
    defaultSpace: z
      .string()
      .nullable()
      .describe('Id of the space visitors land on (of the default site space); null when the site has none'),
    features: z
      .array(
        z.object({
          id: z.string().describe('The feature'),
          plan: SiteTypeSchema,
          frozen: z.boolean().describe('Whether the feature is frozen'),
        }),
      )
      .describe('Premium features enabled on the site: none, Quire has no plans'),
    createdAt: TimestampSchema.describe('When the site was created'),
    adaptiveContent: z
      .object({ enabled: z.boolean().describe('Whether adaptive content is enabled') })
      .describe('Adaptive content settings'),
    agentsContext: SiteAgentsContextSchema,
    permissions: SitePermissionsSchema,
    urls: z
      .object({
        location: UrlSchema.describe('Location of the site in the API'),
        app: UrlSchema.describe('The site in the app'),
        published: UrlSchema.optional().describe('The published site; only while it is published'),
      })
      .describe('Absolute URLs of the site'),
  })
  .meta({ id: 'Site', description: 'A published docs site built from spaces' });

export type Site = z.infer<typeof SiteSchema>;

export function presentSite(urls: PublicUrls, site: SiteRecord, permissions: SitePermissions): Site {
  const base = sitePublishedBase(urls, site);
  return {
    object: 'site',
    id: site.id,
    type: site.type,
    title: site.title,
    ...(site.hostname === undefined ? {} : { hostname: site.hostname }),
    ...(site.basename === undefined ? {} : { basename: site.basename }),
    ...(site.proxy === undefined ? {} : { proxy: { origin: site.proxy, target: quireSiteBase(urls, site) } }),
    visibility: site.visibility,
    published: site.published,
    siteSpaces: locatedSiteSpaces(site.structure).length,
    defaultSpace: siteDefaultOf(site.structure)?.spaceId ?? null,
    features: [],
    createdAt: site.createdAt,
    adaptiveContent: { enabled: site.adaptiveContent.enabled },
    agentsContext: site.agentsContext,
    permissions,
    urls: {
      location: siteLocation(urls, site),
      app: siteAppUrl(urls, site),
      ...(site.published ? { published: base } : {}),
    },
  };
}
