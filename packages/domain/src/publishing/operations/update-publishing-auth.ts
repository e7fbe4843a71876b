import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import {
  FallbackUrlSchema,
  type PublishingAuth,
  PublishingAuthBackendSchema,
  PublishingAuthSchema,
  presentPublishingAuth,
} from '../publishing-auth-schema';
import { SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { updateSite } from '../update-site';

/**
 * Changes where visitors without a valid token are sent (organization admins):
 * `fallbackURL` an https URL, null to remove it, absent unchanged. `backend` is accepted for
 * GitBook's clients, which send it: 'custom' is the only one. Outcomes: not a member or a
 * guest, 404; a role below admin, 403; a URL that is not https, 400 naming `fallbackURL`.
 */
export const updatePublishingAuth = operation({
  name: 'sites.publishingAuth.update',
  kind: 'mutation',
  summary: "Change a site's visitor authentication",
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    backend: PublishingAuthBackendSchema.optional(),
    fallbackURL: FallbackUrlSchema.nullable().optional(),
  }),
  output: PublishingAuthSchema,
  async run(ctx, input): Promise<PublishingAuth> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'admin');
    const { fallbackURL } = input;
    if (fallbackURL === undefined) return presentPublishingAuth(authorized.site);
    const { site } = await updateSite(
      ctx,
      input.siteId,
      (current) => {
        const { fallbackURL: _removed, ...rest } = current.publishingAuth;
        const publishingAuth = fallbackURL === null ? rest : { ...rest, fallbackURL };
        return { site: { ...current, publishingAuth }, result: null };
      },
      authorized.site,
    );
    return presentPublishingAuth(site);
  },
});
