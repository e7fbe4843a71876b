/**
 * The published view of a site (GitBook's PublishedContentSite): the site, the structure a
 * visitor is shown and the customization of the site and of each site space shown. Quire has
 * no integration scripts: the scripts are none.
 */
import { z } from 'zod';
import { SiteCustomizationSchema } from './customization/site-customization-schema';
import { SiteSchema } from './site-schema';
import { SiteStructureSchema } from './site-structure-resource';

export const PublishedSiteSchema = z
  .object({
    object: z.literal('published-content-site').describe('Always "published-content-site"'),
    site: SiteSchema,
    structure: SiteStructureSchema.describe('What the visitor is shown of the structure'),
    customizations: z
      .object({
        site: SiteCustomizationSchema.describe("The site's customization"),
        siteSpaces: z
          .record(z.string(), SiteCustomizationSchema)
          .describe('The customization of each site space shown, by its id (its overrides applied)'),
      })
      .describe('Customization settings'),
    scripts: z.array(z.record(z.string(), z.unknown())).describe('Integration scripts: none'),
  })
  .meta({ id: 'PublishedContentSite', description: 'What a visitor is shown of a published site' });

export type PublishedSite = z.infer<typeof PublishedSiteSchema>;
