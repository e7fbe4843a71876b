import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import type { ShareLinkRecord } from '../records';
import { presentShareLink, type ShareLink, ShareLinkSchema } from '../share-link-schema';
import { ShareLinkIdParam, ShareLinkNameSchema, SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { updateSite } from '../update-site';

/**
 * Renames a share link or turns it on or off (organization admins); an absent field is
 * unchanged. Deactivating locks the link's holders out from the next request on: the
 * published view reads the site's links on every request. Outcomes: not a member or a
 * guest, 404; a role below admin, 403; a link the site does not hold, 404.
 */
export const updateShareLink = operation({
  name: 'sites.shareLinks.update',
  kind: 'mutation',
  summary: 'Change a share link of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    shareLinkId: ShareLinkIdParam,
    active: z.boolean().optional().describe('Whether the link opens the site'),
    name: ShareLinkNameSchema.optional(),
  }),
  output: ShareLinkSchema,
  async run(ctx, input): Promise<ShareLink> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'admin');
    const { site, result } = await updateSite(
      ctx,
      input.siteId,
      (current) => {
        const link = current.shareLinks.find((candidate) => candidate.id === input.shareLinkId);
        if (!link) throw notFound('Share link');
        const changed: ShareLinkRecord = {
          ...link,
          ...(input.active === undefined ? {} : { active: input.active }),
          ...(input.name === undefined ? {} : { name: input.name }),
        };
        const shareLinks = current.shareLinks.map((candidate) =>
          candidate.id === link.id ? changed : candidate,
        );
        return { site: { ...current, shareLinks }, result: changed };
      },
      authorized.site,
    );
    return presentShareLink(ctx.urls, site, result);
  },
});
