/** The ShareLink resource and its presenter. */
import { z } from 'zod';
import type { PublicUrls } from '../core/context';
import { TimestampSchema, UrlSchema } from '../core/schemas';
import type { ShareLinkRecord, SiteRecord } from './records';
import { publishedUrl, sitePublishedBase } from './site-urls';

export const ShareLinkSchema = z
  .object({
    object: z.literal('share-link').describe('Always "share-link"'),
    id: z.string().describe('Id of the share link'),
    createdAt: TimestampSchema.describe('When the share link was created'),
    name: z.string().optional().describe('Name of the share link'),
    active: z.boolean().describe('Whether the link opens the site; an inactive one locks its holders out'),
    urls: z
      .object({
        published: UrlSchema.optional().describe("The site's published URL carrying the link's secret"),
      })
      .describe('Absolute URLs'),
  })
  .meta({ id: 'ShareLink', description: 'A secret link that opens a share-link site' });

export type ShareLink = z.infer<typeof ShareLinkSchema>;

/**
 * The link's URL is given whether or not the site is published yet: it is what an
 * administrator copies and hands out, and it opens the site once it is published.
 */
export function presentShareLink(urls: PublicUrls, site: SiteRecord, link: ShareLinkRecord): ShareLink {
  return {
    object: 'share-link',
    id: link.id,
    createdAt: link.createdAt,
    ...(link.name === undefined ? {} : { name: link.name }),
    active: link.active,
    urls: { published: publishedUrl(sitePublishedBase(urls, site), [], link.key) },
  };
}
