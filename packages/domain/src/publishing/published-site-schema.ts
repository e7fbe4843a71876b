/**
 * The published view of a site (GitBook's PublishedContentSite): the site and the structure a
 * visitor is shown. Quire has no site customization nor integration scripts yet: the
 * customizations are GitBook's defaults, the scripts none.
 */
import { z } from 'zod';
import { SITE_CUSTOMIZATION_DEFAULTS } from './site-customization-defaults';
import { SiteSchema } from './site-schema';
import { SiteStructureSchema } from './site-structure-resource';

export const PublishedSiteSchema = z
  .object({
    object: z.literal('published-content-site').describe('Always "published-content-site"'),
    site: SiteSchema,
    structure: SiteStructureSchema.describe('What the visitor is shown of the structure'),
    customizations: z
      .object({
        site: z.record(z.string(), z.unknown()).describe("The site's customization: GitBook's defaults"),
        siteSpaces: z.record(z.string(), z.unknown()).describe('Customizations of site spaces: none'),
      })
      .describe('Customization settings'),
    scripts: z.array(z.record(z.string(), z.unknown())).describe('Integration scripts: none'),
  })
  .meta({ id: 'PublishedContentSite', description: 'What a visitor is shown of a published site' });

export type PublishedSite = z.infer<typeof PublishedSiteSchema>;

export const NO_CUSTOMIZATIONS: PublishedSite['customizations'] = {
  site: SITE_CUSTOMIZATION_DEFAULTS,
  siteSpaces: {},
};
