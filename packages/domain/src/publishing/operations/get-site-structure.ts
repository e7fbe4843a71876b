import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { ShareKeySchema, SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { activeShareKeyOf } from '../site-share-key';
import { presentSiteStructure, type SiteStructure, SiteStructureSchema } from '../site-structure-resource';
import { structureViewOf } from '../site-view';

/**
 * A site's whole structure in visitors' order, for members with a role: its sections and
 * section groups (`type: 'sections'`), or its site spaces when it has no sections (`type:
 * 'siteSpaces'`). `shareKey`: the key of an active share link of the site, which the
 * published URLs then carry. Outcomes: not a member, a guest, or the site unknown or of
 * another organization, 404; a `shareKey` that is not an active link's of the site, 404
 * 'Share link'.
 */
export const getSiteStructure = operation({
  name: 'sites.structure.get',
  kind: 'query',
  summary: 'Get the structure of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    shareKey: ShareKeySchema.optional(),
  }),
  output: SiteStructureSchema,
  async run(ctx, input): Promise<SiteStructure> {
    const { site } = await authorizeSite(ctx, input.organizationId, input.siteId, 'view');
    const shareKey = activeShareKeyOf(site, input.shareKey);
    return presentSiteStructure(await structureViewOf(ctx, site, { shareKey }));
  },
});
