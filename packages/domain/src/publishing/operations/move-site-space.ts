import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam, SiteSpaceIdParam } from '../site-fields';
import { moveStructureItem } from '../site-structure';
import { SiteSpacePositionSchema, siteSpacePosition } from '../site-structure-positions';
import { presentSiteSpaceById } from '../site-structure-resource';
import { type SiteSpace, SiteSpaceSchema } from '../site-structure-schema';
import { structureViewOf } from '../site-view';
import { updateSite } from '../update-site';

/**
 * Moves a site space among its siblings (members with the `create` role or above): the site
 * spaces of its section, or of the root; no position, last. Outcomes: not a member, a
 * guest, or the site unknown, 404; a role below `create`, 403; the site space unknown, 404
 * 'Site space'; a position naming the site space itself, one of another section, or
 * `before` and `after` that are not adjacent, 400 'invalid_position'.
 */
export const moveSiteSpace = operation({
  name: 'sites.siteSpaces.move',
  kind: 'mutation',
  summary: 'Move a site space among its siblings',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteSpaceId: SiteSpaceIdParam,
    position: SiteSpacePositionSchema.optional(),
  }),
  output: SiteSpaceSchema,
  async run(ctx, input): Promise<SiteSpace> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    const { site } = await updateSite(
      ctx,
      input.siteId,
      (current) => ({
        site: {
          ...current,
          structure: moveStructureItem(
            current.structure,
            { type: 'site-space', id: input.siteSpaceId },
            siteSpacePosition(input.position),
          ),
        },
        result: null,
      }),
      authorized.site,
    );
    return presentSiteSpaceById(await structureViewOf(ctx, site), input.siteSpaceId);
  },
});
