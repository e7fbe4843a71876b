import { z } from 'zod';
import { invalidInput } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import type { SiteRecord } from '../records';
import {
  SiteAgentsContextSchema,
  SiteBasenameSchema,
  SiteIdParam,
  SiteOrganizationIdParam,
  SiteProxySchema,
  SiteSectionIdParam,
  SiteSpaceIdParam,
  SiteTitleSchema,
  SiteVisibilitySchema,
} from '../site-fields';
import { presentSite, type Site, SiteSchema } from '../site-schema';
import { defaultSectionOf, findSection, locateSiteSpace, replaceSection } from '../site-structure';
import { updateSite } from '../update-site';

/**
 * Changes a site's settings (organization admins); every field optional, an absent one
 * unchanged. `defaultSiteSpace`: a site space at the root, or (a site with sections) one of
 * the default section's, which becomes that section's default. `defaultSiteSection`: a
 * section of the site. `proxy: null` removes the proxy. Outcomes: not a member or a guest,
 * 404; a role below admin, 403; a default naming an unknown site space or section, or a site
 * space outside the default section, 400 naming the field.
 */
export const updateSiteSettings = operation({
  name: 'sites.update',
  kind: 'mutation',
  summary: "Change a site's settings",
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    title: SiteTitleSchema.optional(),
    visibility: SiteVisibilitySchema.optional(),
    basename: SiteBasenameSchema.optional(),
    agentsContext: SiteAgentsContextSchema.optional(),
    defaultSiteSpace: SiteSpaceIdParam.optional().describe(
      'The default site space: at the root, or in the default section of a site with sections',
    ),
    defaultSiteSection: SiteSectionIdParam.optional().describe('The default section of the site'),
    adaptiveContent: z
      .strictObject({ enabled: z.boolean().describe('Whether adaptive content is enabled') })
      .optional(),
    proxy: SiteProxySchema.nullable()
      .optional()
      .describe('Serve the site under a sub-path of a domain; null removes it'),
  }),
  output: SiteSchema,
  async run(ctx, input): Promise<Site> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'admin');
    const { site } = await updateSite(
      ctx,
      input.siteId,
      (current) => {
        const next: SiteRecord = { ...current };
        if (input.title !== undefined) next.title = input.title;
        if (input.visibility !== undefined) next.visibility = input.visibility;
        if (input.basename !== undefined) next.basename = input.basename;
        if (input.agentsContext !== undefined) next.agentsContext = input.agentsContext;
        if (input.adaptiveContent !== undefined)
          next.adaptiveContent = { enabled: input.adaptiveContent.enabled };
        if (input.proxy === null) delete next.proxy;
        else if (input.proxy !== undefined) next.proxy = input.proxy;
        if (input.defaultSiteSection !== undefined) {
          if (!current.structure.sections.some((section) => section.id === input.defaultSiteSection))
            throw invalidInput('defaultSiteSection', 'not a section of this site');
          next.structure = { ...next.structure, defaultSectionId: input.defaultSiteSection };
        }
        if (input.defaultSiteSpace !== undefined)
          next.structure = withDefaultSiteSpace(next, input.defaultSiteSpace);
        return { site: next, result: null };
      },
      authorized.site,
    );
    return presentSite(ctx.urls, site, authorized.permissions);
  },
});

function withDefaultSiteSpace(site: SiteRecord, siteSpaceId: string): SiteRecord['structure'] {
  const { structure } = site;
  const located = locateSiteSpace(structure, siteSpaceId);
  if (!located) throw invalidInput('defaultSiteSpace', 'not a site space of this site');
  if (!located.section) return { ...structure, defaultSiteSpaceId: siteSpaceId };
  if (located.section.id !== defaultSectionOf(structure)?.id)
    throw invalidInput('defaultSiteSpace', 'not a site space of the default section');
  return replaceSection(structure, {
    ...findSection(structure, located.section.id),
    defaultSiteSpaceId: siteSpaceId,
  });
}
