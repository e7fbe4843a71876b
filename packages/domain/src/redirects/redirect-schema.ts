/** The SiteRedirect resource and its presenter. */
import { z } from 'zod';
import { TimestampSchema } from '../core/schemas';
import type { SiteRedirectRecord } from './records';
import { type RedirectDestination, RedirectDestinationSchema } from './redirect-destination-schema';

export const SiteRedirectSchema = z
  .object({
    object: z.literal('site-redirect').describe('Always "site-redirect"'),
    id: z.string().describe('Id of the redirect'),
    source: z.string().describe('The path of the site it answers; a final "*" matches any rest'),
    draft: z.boolean().describe('A draft is kept for review and not served'),
    captureWildcard: z.boolean().describe("Whether the wildcard's match is appended to the destination"),
    permanent: z.boolean().describe('Served as a permanent redirect (308) rather than a temporary one (307)'),
    destination: RedirectDestinationSchema,
    createdAt: TimestampSchema.describe('When the redirect was created'),
    updatedAt: TimestampSchema.optional().describe('When it was last changed; absent if never'),
  })
  .meta({ id: 'SiteRedirect', description: 'A path of a site that sends its visitors elsewhere' });

export type SiteRedirect = z.infer<typeof SiteRedirectSchema>;

const presentDestination = (destination: SiteRedirectRecord['destination']): RedirectDestination => ({
  ...destination,
});

export function presentSiteRedirect(redirect: SiteRedirectRecord): SiteRedirect {
  return {
    object: 'site-redirect',
    id: redirect.id,
    source: redirect.source,
    draft: redirect.draft,
    captureWildcard: redirect.captureWildcard,
    permanent: redirect.permanent,
    destination: presentDestination(redirect.destination),
    createdAt: redirect.createdAt,
    ...(redirect.updatedAt === undefined ? {} : { updatedAt: redirect.updatedAt }),
  };
}
