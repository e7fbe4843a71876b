import { z } from 'zod';
import { invalidInput } from '../../core/errors';
import { operation } from '../../core/operation';
import { IdSchema } from '../../core/schemas';
import { authorizeSite, authorizeSpace } from '../../policies';
import type { SiteSpaceRecord } from '../records';
import { siteAdaptiveSchemaOf } from '../site-conditions';
import {
  SiteConditionSchema,
  SiteIdParam,
  SiteOrganizationIdParam,
  SitePathSchema,
  SiteSpaceIdParam,
} from '../site-fields';
import { findSiteSpace, replaceSiteSpace, withCondition, withSiteSpacePath } from '../site-structure';
import { presentSiteSpaceById } from '../site-structure-resource';
import { type SiteSpace, SiteSpaceSchema } from '../site-structure-schema';
import { structureViewOf } from '../site-view';
import { updateSite } from '../update-site';

/**
 * Changes a site space (members with the `create` role or above); every field optional, an
 * absent one unchanged. `spaceId`: another space of the site's organization the caller can
 * read, which the site space now shows. `condition: null` removes the condition. Outcomes:
 * not a member, a guest, or the site unknown, 404; a role below `create`, 403; the site
 * space unknown, 404 'Site space'; a `path` a sibling has, 409 naming `path`; a space
 * unknown or hidden from the caller, 404; one of another organization, 400 naming
 * `spaceId`; a `condition` that does not parse or names claims the site's adaptive schema
 * lacks, 400 naming `condition`. A refused change changes nothing.
 */
export const updateSiteSpace = operation({
  name: 'sites.siteSpaces.update',
  kind: 'mutation',
  summary: 'Change a site space',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteSpaceId: SiteSpaceIdParam,
    path: SitePathSchema.optional().describe('Path of the space on the site, unique among its siblings'),
    condition: SiteConditionSchema.nullable()
      .optional()
      .describe('Whether visitors see the site space; absent leaves it unchanged, null removes it'),
    spaceId: IdSchema.optional().describe('Id of the space the site space shows'),
  }),
  output: SiteSpaceSchema,
  async run(ctx, input): Promise<SiteSpace> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    if (input.spaceId !== undefined) {
      const { space } = await authorizeSpace(ctx, input.spaceId, 'view');
      if (space.organizationId !== authorized.site.organizationId)
        throw invalidInput('spaceId', 'the space is in another organization');
    }
    const { site } = await updateSite(
      ctx,
      input.siteId,
      (current) => {
        const located = findSiteSpace(current.structure, input.siteSpaceId);
        let next: SiteSpaceRecord = located.siteSpace;
        if (input.path !== undefined) next = withSiteSpacePath(current.structure, located, input.path);
        if (input.spaceId !== undefined) next = { ...next, spaceId: input.spaceId };
        next = withCondition(next, input.condition, siteAdaptiveSchemaOf(current));
        return { site: { ...current, structure: replaceSiteSpace(current.structure, next) }, result: null };
      },
      authorized.site,
    );
    return presentSiteSpaceById(await structureViewOf(ctx, site), input.siteSpaceId);
  },
});
