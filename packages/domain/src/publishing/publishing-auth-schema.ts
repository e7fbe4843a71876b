/** The site's visitor-authentication settings (GitBook's SitePublishingAuth) and their presenter. */
import { z } from 'zod';
import type { SiteRecord } from './records';

export const PublishingAuthBackendSchema = z
  .literal('custom')
  .describe('Who signs visitor tokens: always "custom" (your own backend, with the site key)');

/** Where refused visitors are sent: an https URL. */
export const FallbackUrlSchema = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain })
  .max(2048)
  .describe('Where visitors without a valid token are sent (an https URL)');

export const PublishingAuthSchema = z
  .object({
    object: z.literal('publishing-auth').describe('Always "publishing-auth"'),
    backend: PublishingAuthBackendSchema,
    privateKey: z
      .string()
      .describe(
        'The HS256 secret visitor tokens must be signed with; regenerating it refuses every earlier token',
      ),
    fallbackURL: z.string().optional().describe('Where visitors without a valid token are sent'),
  })
  .meta({ id: 'SitePublishingAuth', description: 'Visitor authentication of a site' });

export type PublishingAuth = z.infer<typeof PublishingAuthSchema>;

export const presentPublishingAuth = (site: SiteRecord): PublishingAuth => ({
  object: 'publishing-auth',
  backend: 'custom',
  privateKey: site.publishingAuth.privateKey,
  ...(site.publishingAuth.fallbackURL === undefined ? {} : { fallbackURL: site.publishingAuth.fallbackURL }),
});
