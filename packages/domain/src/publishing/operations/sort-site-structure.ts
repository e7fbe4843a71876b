import { z } from 'zod';
import { operation } from '../../core/operation';
import { moveInSiteStructure } from '../move-in-site-structure';
import { SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import {
  SiteStructureItemPointerSchema,
  SiteStructurePositionSchema,
  structurePosition,
} from '../site-structure-positions';
import {
  presentStructureItem,
  type SiteStructureItem,
  SiteStructureItemSchema,
} from '../site-structure-resource';

/**
 * Moves a site space, a section or a section group among its siblings (members with the
 * `create` role or above): a site space among those of its section (or of the root), a
 * grouped section among its group's, a top-level section or a group among the top level;
 * no position, last. Answers the moved item. Outcomes: not a member, a guest, or the site
 * unknown, 404; a role below `create`, 403; the item unknown, 404 naming its kind; a
 * position naming the item itself, an item of another level or kind (the sort never moves
 * an item to another level), an unknown item, or `before` and `after` that are not
 * adjacent, 400 'invalid_position'.
 */
export const sortSiteStructure = operation({
  name: 'sites.structure.sort',
  kind: 'mutation',
  summary: "Move an item of a site's structure among its siblings",
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    item: SiteStructureItemPointerSchema.describe('The site space, section or section group to move'),
    position: SiteStructurePositionSchema.optional(),
  }),
  output: SiteStructureItemSchema,
  async run(ctx, input): Promise<SiteStructureItem> {
    const { view } = await moveInSiteStructure(ctx, input, input.item, structurePosition(input.position));
    return presentStructureItem(view, input.item);
  },
});
