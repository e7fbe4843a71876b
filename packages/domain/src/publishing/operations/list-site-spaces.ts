import { z } from 'zod';
import { operation } from '../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { authorizeSite } from '../../policies';
import { ShareKeySchema, SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { activeShareKeyOf } from '../site-share-key';
import { isSiteDefault, locatedSiteSpaces } from '../site-structure';
import { sliceInOrder } from '../site-structure-paging';
import { presentSiteSpace, type SiteSpace, SiteSpaceSchema } from '../site-structure-schema';
import { structureViewOf } from '../site-view';

/**
 * The site spaces of a site in visitors' order (those of the root, or of each section in
 * turn), for members with a role. `default`: true, only the site space visitors land on
 * (the default of the default section, or of the root); false, all the others; absent, all.
 * `shareKey`: the key of an active share link of the site, which the published URLs then
 * carry. A site space whose space was deleted is left out. Outcomes: not a member, a guest,
 * or the site unknown or of another organization, 404; a `shareKey` that is not an active
 * link's of the site, 404 'Share link'.
 */
export const listSiteSpaces = operation({
  name: 'sites.siteSpaces.list',
  kind: 'query',
  summary: 'List the site spaces of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    shareKey: ShareKeySchema.optional(),
    default: z
      .boolean()
      .optional()
      .describe('true: only the default site space; false: only the others; absent: all'),
    ...pagingShape,
  }),
  output: pageSchemaOf(SiteSpaceSchema),
  async run(ctx, input): Promise<Page<SiteSpace>> {
    const { site } = await authorizeSite(ctx, input.organizationId, input.siteId, 'view');
    const shareKey = activeShareKeyOf(site, input.shareKey);
    const view = await structureViewOf(ctx, site, { shareKey });
    const siteSpaces = locatedSiteSpaces(site.structure).flatMap((entry) =>
      input.default === undefined || isSiteDefault(site.structure, entry) === input.default
        ? (presentSiteSpace(view, entry.siteSpace, entry.section) ?? [])
        : [],
    );
    const slice = sliceInOrder(siteSpaces, (siteSpace) => siteSpace.id, pageRequest(input));
    return toPage(slice, siteSpaces.length, (siteSpace) => siteSpace);
  },
});
