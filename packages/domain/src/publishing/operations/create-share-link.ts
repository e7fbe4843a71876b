import { z } from 'zod';
import { conflict } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import type { ShareLinkRecord } from '../records';
import { presentShareLink, type ShareLink, ShareLinkSchema } from '../share-link-schema';
import { ShareLinkNameSchema, SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { updateSite } from '../update-site';

/** Share links one site may hold: enough for every audience, few enough to check each request quickly. */
export const MAX_SHARE_LINKS = 100;

/**
 * Creates an active share link with a fresh secret (organization admins); its
 * `urls.published` is the site's URL carrying the secret (`?share=<key>`). Two creates at
 * once both land. Outcomes: not a member or a guest, 404; a role below admin, 403; a site
 * that already holds `MAX_SHARE_LINKS` links, 409.
 */
export const createShareLink = operation({
  name: 'sites.shareLinks.create',
  kind: 'mutation',
  summary: 'Create a share link of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    name: ShareLinkNameSchema,
  }),
  output: ShareLinkSchema,
  async run(ctx, input): Promise<ShareLink> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'admin');
    const link: ShareLinkRecord = {
      id: ctx.ids.newId(),
      name: input.name,
      key: ctx.secrets.randomToken(24),
      active: true,
      createdAt: ctx.clock.now().toISOString(),
    };
    const { site } = await updateSite(
      ctx,
      input.siteId,
      (current) => {
        if (current.shareLinks.length >= MAX_SHARE_LINKS)
          throw conflict(`A site holds at most ${MAX_SHARE_LINKS} share links: delete one first`);
        return { site: { ...current, shareLinks: [...current.shareLinks, link] }, result: null };
      },
      authorized.site,
    );
    return presentShareLink(ctx.urls, site, link);
  },
});
