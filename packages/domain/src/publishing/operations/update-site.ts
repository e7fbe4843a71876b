import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { invalidInput } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import {
  claimProxyHost,
  holdProxyHost,
  normalizedProxy,
  proxyHostOf,
  proxyHostTaken,
  releaseProxyHost,
} from '../custom-hostnames/proxy-host-claims';
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
 * section of the site. `proxy: null` removes the proxy; a proxy's host is stored lower case.
 * A proxy's host belongs to one organization (`proxy-host-claims.ts`): its sites may share
 * it, at any paths, nested ones too; the host is claimed before the site is changed and
 * released once none of its sites uses it. Outcomes: not a member or a guest, 404; a role
 * below admin, 403; a default naming an unknown site space or section, or a site space
 * outside the default section, 400 naming the field; a `proxy` on a host that another
 * organization's proxy uses, or that is a custom hostname of another site or of an
 * organization, 409 naming `proxy`; nothing written on any refusal.
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
    const { organizationId } = authorized.site;
    const proxy = typeof input.proxy === 'string' ? normalizedProxy(input.proxy) : input.proxy;
    const host = typeof proxy === 'string' ? proxyHostOf(proxy) : undefined;
    const fresh = host !== undefined && (await claimProxyHost(ctx, host, authorized.site));
    const { site, result: previous } = await updateSite(
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
        if (proxy === null) delete next.proxy;
        else if (proxy !== undefined) next.proxy = proxy;
        if (input.defaultSiteSection !== undefined) {
          if (!current.structure.sections.some((section) => section.id === input.defaultSiteSection))
            throw invalidInput('defaultSiteSection', 'not a section of this site');
          next.structure = { ...next.structure, defaultSectionId: input.defaultSiteSection };
        }
        if (input.defaultSiteSpace !== undefined)
          next.structure = withDefaultSiteSpace(next, input.defaultSiteSpace);
        return { site: next, result: current.proxy };
      },
      authorized.site,
    ).catch(async (error: unknown) => {
      if (fresh && host !== undefined) await releaseProxyHost(ctx, host, organizationId);
      throw error;
    });
    if (host !== undefined && !(await holdProxyHost(ctx, host, organizationId))) {
      // Released by a change of another site of the organization, then taken by another one.
      await restoreProxy(ctx, input.siteId, proxy as string, previous);
      throw proxyHostTaken('the host changed hands while the proxy was being set: try again');
    }
    if (proxy !== undefined && previous !== undefined && proxyHostOf(previous) !== host)
      await releaseProxyHost(ctx, proxyHostOf(previous), organizationId);
    return presentSite(ctx.urls, site, authorized.permissions);
  },
});

/** Puts back the site's previous proxy, when it still has the one this change set. */
async function restoreProxy(
  ctx: OperationContext,
  siteId: string,
  proxy: string,
  previous: string | undefined,
): Promise<void> {
  await updateSite(ctx, siteId, (current) => {
    if (current.proxy !== proxy) return { site: current, result: null };
    const { proxy: _set, ...rest } = current;
    return { site: previous === undefined ? rest : { ...rest, proxy: previous }, result: null };
  });
}

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
