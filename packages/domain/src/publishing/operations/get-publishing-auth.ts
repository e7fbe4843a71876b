import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { type PublishingAuth, PublishingAuthSchema, presentPublishingAuth } from '../publishing-auth-schema';
import { SiteIdParam, SiteOrganizationIdParam } from '../site-fields';

/**
 * A site's visitor authentication (organization admins): the HS256 key visitor tokens must
 * be signed with, and where refused visitors go. Outcomes: not a member or a guest, 404; a
 * role below admin, 403 (the key is a secret).
 */
export const getPublishingAuth = operation({
  name: 'sites.publishingAuth.get',
  kind: 'query',
  summary: "Get a site's visitor authentication",
  input: z.strictObject({ organizationId: SiteOrganizationIdParam, siteId: SiteIdParam }),
  output: PublishingAuthSchema,
  async run(ctx, input): Promise<PublishingAuth> {
    const { site } = await authorizeSite(ctx, input.organizationId, input.siteId, 'admin');
    return presentPublishingAuth(site);
  },
});
