import { z } from 'zod';
import { operation } from '../../core/operation';
import { moveInSiteStructure } from '../move-in-site-structure';
import { SiteIdParam, SiteOrganizationIdParam, SiteSpaceIdParam } from '../site-fields';
import { SiteSpacePositionSchema, siteSpacePosition } from '../site-structure-positions';
import { presentSiteSpaceById } from '../site-structure-resource';
import { type SiteSpace, SiteSpaceSchema } from '../site-structure-schema';

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
    const { view } = await moveInSiteStructure(
      ctx,
      input,
      { type: 'site-space', id: input.siteSpaceId },
      siteSpacePosition(input.position),
    );
    return presentSiteSpaceById(view, input.siteSpaceId);
  },
});
