import { z } from 'zod';
import { contentOperations, type SpaceRecord } from '../../content';
import { invalidInput, notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { IdSchema } from '../../core/schemas';
import { authorizeOrganization, authorizeSpace, sitePermissions } from '../../policies';
import type { SiteRecord, SiteSpaceRecord } from '../records';
import {
  SiteOrganizationIdParam,
  SiteTitleSchema,
  SiteTypeSchema,
  SiteVisibilitySchema,
} from '../site-fields';
import { presentSite, type Site, SiteSchema } from '../site-schema';
import { emptyStructure, newSiteSpace, settleDefaults, spaceIdsOf } from '../site-structure';

/** GitBook's values of `spaces` that create a new space for the site. */
const NEW_SPACE = ['sample', 'empty'] as const;

/**
 * Creates a site (organization admins). `spaces`: ids of spaces of the organization the
 * caller can read, each becoming a site space at the root (listed twice: once); or 'empty'
 * (a new empty space titled after the site) or 'sample' (the same, filled with the first
 * built-in template). Outcomes: not a member, 404; not an admin, 403; a space unknown,
 * deleted or hidden from the caller, 404; a space of another organization, 400 naming
 * `spaces`. The site starts unpublished, with its own visitor-authentication key.
 */
export const createSite = operation({
  name: 'sites.create',
  kind: 'mutation',
  summary: 'Create a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    type: SiteTypeSchema.optional(),
    title: SiteTitleSchema.optional(),
    visibility: SiteVisibilitySchema.optional(),
    spaces: z
      .union([z.array(IdSchema).max(100), z.enum(NEW_SPACE)])
      .optional()
      .describe("Ids of spaces to publish on the site, or 'empty' / 'sample' to create a new space for it"),
  }),
  output: SiteSchema,
  async run(ctx, input): Promise<Site> {
    const { organization, member } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const title = input.title ?? 'Docs site';
    const spaces: SpaceRecord[] = [];
    if (Array.isArray(input.spaces)) {
      for (const spaceId of new Set(input.spaces)) {
        const { space } = await authorizeSpace(ctx, spaceId, 'view');
        if (space.organizationId !== organization.id)
          throw invalidInput('spaces', `the space ${spaceId} is in another organization`);
        spaces.push(space);
      }
    } else if (input.spaces !== undefined) {
      const created = await contentOperations.spaces.create.run(ctx, {
        organizationId: organization.id,
        title: title.slice(0, 50),
      });
      if (input.spaces === 'sample') {
        const [template] = ctx.contentTemplates.list();
        if (template)
          await contentOperations.spaces.content.template.run(ctx, { spaceId: created.id, id: template.id });
      }
      const space = await ctx.repos.spaces.findById(created.id);
      if (!space) throw notFound('Space');
      spaces.push(space);
    }
    const siteSpaces: SiteSpaceRecord[] = [];
    for (const space of spaces) siteSpaces.push(newSiteSpace(ctx.ids.newId(), space, siteSpaces));
    const now = ctx.clock.now().toISOString();
    const structure = settleDefaults({ ...emptyStructure(), siteSpaces });
    const site: SiteRecord = {
      id: ctx.ids.newId(),
      organizationId: organization.id,
      type: input.type ?? 'basic',
      title,
      visibility: input.visibility ?? 'public',
      published: false,
      agentsContext: 'included',
      adaptiveContent: { enabled: false },
      structure,
      spaceIds: spaceIdsOf(structure),
      shareLinks: [],
      publishingAuth: { privateKey: ctx.secrets.randomToken(32) },
      createdAt: now,
      updatedAt: now,
      version: 0,
    };
    if (!(await ctx.repos.sites.insert(site))) throw new Error(`a site ${site.id} is stored already`);
    return presentSite(ctx.urls, site, sitePermissions(member));
  },
});
