import { z } from 'zod';
import { invalidInput } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import type { SiteSectionRecord } from '../records';
import { siteAdaptiveSchemaOf } from '../site-conditions';
import {
  SiteConditionSchema,
  SiteIconSchema,
  SiteIdParam,
  SiteOrganizationIdParam,
  SitePathSchema,
  SiteSectionDescriptionSchema,
  SiteSectionIdParam,
  SiteSectionTitleSchema,
  SiteSpaceIdParam,
} from '../site-fields';
import { assertSectionPathFree, findSection, replaceSection, withCondition } from '../site-structure';
import { presentSiteSection, type SiteSection, SiteSectionSchema } from '../site-structure-schema';
import { structureViewOf } from '../site-view';
import { updateSite } from '../update-site';

/**
 * Changes a section (members with the `create` role or above); every field optional, an
 * absent one unchanged; null removes `condition`, `icon` and `description`. Outcomes: not a
 * member, a guest, or the site unknown, 404; a role below `create`, 403; the section
 * unknown, 404 'Site section'; a `path` another section of the site has, 409 naming
 * `path`; a `defaultSiteSpace` that is not a site space of the section, 400 naming it; a
 * `condition` that does not parse or names claims the site's adaptive schema lacks, 400
 * naming `condition` with the parser's message. A refused change changes nothing.
 */
export const updateSiteSection = operation({
  name: 'sites.sections.update',
  kind: 'mutation',
  summary: 'Change a section of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteSectionId: SiteSectionIdParam,
    title: SiteSectionTitleSchema.optional(),
    path: SitePathSchema.optional().describe('Path of the section on the site, unique within the site'),
    defaultSiteSpace: SiteSpaceIdParam.optional().describe('The site space of the section shown first'),
    condition: SiteConditionSchema.nullable()
      .optional()
      .describe('Whether visitors see the section; absent leaves it unchanged, null removes it'),
    icon: SiteIconSchema.nullable().optional().describe('Name of an icon; null removes it'),
    description: SiteSectionDescriptionSchema.nullable().optional().describe('null removes it'),
  }),
  output: SiteSectionSchema,
  async run(ctx, input): Promise<SiteSection> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    const { site, result: section } = await updateSite(
      ctx,
      input.siteId,
      (current) => {
        let next: SiteSectionRecord = findSection(current.structure, input.siteSectionId);
        if (input.title !== undefined) next = { ...next, title: input.title };
        if (input.path !== undefined) {
          assertSectionPathFree(current.structure, next.id, input.path);
          next = { ...next, path: input.path };
        }
        if (input.defaultSiteSpace !== undefined) {
          if (!next.siteSpaces.some((siteSpace) => siteSpace.id === input.defaultSiteSpace))
            throw invalidInput('defaultSiteSpace', 'not a site space of this section');
          next = { ...next, defaultSiteSpaceId: input.defaultSiteSpace };
        }
        next = withCondition(next, input.condition, siteAdaptiveSchemaOf(current));
        next = withOptional(next, 'icon', input.icon);
        next = withOptional(next, 'description', input.description);
        return { site: { ...current, structure: replaceSection(current.structure, next) }, result: next };
      },
      authorized.site,
    );
    return presentSiteSection(await structureViewOf(ctx, site), section);
  },
});

/** An optional text field as a caller writes it: absent leaves it, null removes it. */
function withOptional(
  section: SiteSectionRecord,
  field: 'icon' | 'description',
  value: string | null | undefined,
): SiteSectionRecord {
  if (value === undefined) return section;
  const next = { ...section };
  if (value === null) delete next[field];
  else next[field] = value;
  return next;
}
