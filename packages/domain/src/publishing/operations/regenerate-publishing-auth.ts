import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { type PublishingAuth, PublishingAuthSchema, presentPublishingAuth } from '../publishing-auth-schema';
import { SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { updateSite } from '../update-site';

/**
 * Replaces a site's visitor-authentication key with a fresh one (organization admins): every
 * token signed with an earlier key is refused from the next request on. Outcomes: not a
 * member or a guest, 404; a role below admin, 403.
 */
export const regeneratePublishingAuth = operation({
  name: 'sites.publishingAuth.regenerate',
  kind: 'mutation',
  summary: "Regenerate a site's visitor-authentication key",
  input: z.strictObject({ organizationId: SiteOrganizationIdParam, siteId: SiteIdParam }),
  output: PublishingAuthSchema,
  async run(ctx, input): Promise<PublishingAuth> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'admin');
    const privateKey = ctx.secrets.randomToken(32);
    const { site } = await updateSite(
      ctx,
      input.siteId,
      (current) => ({
        site: { ...current, publishingAuth: { ...current.publishingAuth, privateKey } },
        result: null,
      }),
      authorized.site,
    );
    return presentPublishingAuth(site);
  },
});
