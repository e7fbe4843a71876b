import { z } from 'zod';
import { invalidInput } from '../../core/errors';
import { operation } from '../../core/operation';
import { IdSchema } from '../../core/schemas';
import { authorizeSite, authorizeSpace } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { addSiteSpace, assertSectionsOfSite, newSiteSpace } from '../site-structure';
import { presentSiteSpaceById } from '../site-structure-resource';
import { type SiteSpace, SiteSpaceSchema } from '../site-structure-schema';
import { structureViewOf } from '../site-view';
import { updateSite } from '../update-site';

/**
 * Publishes a space on a site as a site space (members with the `create` role or above),
 * last in `sectionId`, else in the default section, else (a site without sections) at the
 * root; its path made from the space's title, unique among its siblings. Outcomes: not a
 * member, a guest, or the site unknown, 404; a role below `create`, 403; the space unknown
 * or hidden from the caller, 404; a space of another organization, 400 naming `spaceId`; a
 * section unknown or of another site, 400 naming `sectionId`.
 */
export const createSiteSpace = operation({
  name: 'sites.siteSpaces.create',
  kind: 'mutation',
  summary: 'Add a space to a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    spaceId: IdSchema.describe('Id of the space to publish on the site'),
    sectionId: IdSchema.optional().describe(
      'Id of the section to add the space to; by default, the default section (or the root of a site without sections)',
    ),
  }),
  output: SiteSpaceSchema,
  async run(ctx, input): Promise<SiteSpace> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    const { space } = await authorizeSpace(ctx, input.spaceId, 'view');
    if (space.organizationId !== authorized.site.organizationId)
      throw invalidInput('spaceId', 'the space is in another organization');
    const siteSpaceId = ctx.ids.newId();
    const { site } = await updateSite(
      ctx,
      input.siteId,
      (current) => {
        if (input.sectionId !== undefined)
          assertSectionsOfSite(current.structure, [input.sectionId], 'sectionId');
        const added = addSiteSpace(current.structure, input.sectionId, (siblings) =>
          newSiteSpace(siteSpaceId, space, siblings),
        );
        return { site: { ...current, structure: added.structure }, result: null };
      },
      authorized.site,
    );
    return presentSiteSpaceById(await structureViewOf(ctx, site), siteSpaceId);
  },
});
