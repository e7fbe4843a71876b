import { z } from 'zod';
import { invalidInput } from '../../core/errors';
import { operation } from '../../core/operation';
import { IdSchema } from '../../core/schemas';
import { authorizeSite, authorizeSpace } from '../../policies';
import { SiteIconSchema, SiteIdParam, SiteOrganizationIdParam, SiteSectionTitleSchema } from '../site-fields';
import { newSiteSectionId } from '../site-section-ids';
import { addSection, newSiteSpace } from '../site-structure';
import { presentSiteSection, type SiteSection, SiteSectionSchema } from '../site-structure-schema';
import { structureViewOf } from '../site-view';
import { updateSite } from '../update-site';

/**
 * Adds a section made from a space (members with the `create` role or above): the space
 * becomes its first site space, the section goes last at the top level, its path made from
 * its title. `title` absent or null: the space's title. The first section of a site becomes
 * its default, and takes the site spaces of the root into a section of their own first
 * (named after the site). Outcomes: not a member, a guest, or the site unknown, 404; a role
 * below `create`, 403; the space unknown or hidden from the caller, 404; a space of another
 * organization, 400 naming `spaceId`.
 */
export const createSiteSection = operation({
  name: 'sites.sections.create',
  kind: 'mutation',
  summary: 'Add a section to a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    spaceId: IdSchema.describe('Id of the space the section shows, its first site space'),
    title: SiteSectionTitleSchema.nullable()
      .optional()
      .describe("Title of the section; by default, the space's"),
    icon: SiteIconSchema.nullable().optional(),
  }),
  output: SiteSectionSchema,
  async run(ctx, input): Promise<SiteSection> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    const { space } = await authorizeSpace(ctx, input.spaceId, 'view');
    if (space.organizationId !== authorized.site.organizationId)
      throw invalidInput('spaceId', 'the space is in another organization');
    const sectionId = newSiteSectionId(ctx.ids);
    const siteSpaceId = ctx.ids.newId();
    const { site, result: section } = await updateSite(
      ctx,
      input.siteId,
      (current) => {
        const added = addSection(
          current.structure,
          {
            id: sectionId,
            title: input.title ?? space.title,
            icon: input.icon ?? undefined,
            siteSpace: newSiteSpace(siteSpaceId, space, []),
          },
          current.title,
          () => newSiteSectionId(ctx.ids),
        );
        return { site: { ...current, structure: added.structure }, result: added.section };
      },
      authorized.site,
    );
    return presentSiteSection(await structureViewOf(ctx, site), section);
  },
});
