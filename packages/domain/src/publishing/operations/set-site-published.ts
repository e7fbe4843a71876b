import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { presentSite, type Site, SiteSchema } from '../site-schema';
import { updateSite } from '../update-site';

const input = z.strictObject({ organizationId: SiteOrganizationIdParam, siteId: SiteIdParam });

/** Sets `published` (organization admins): the same site either way; a role below admin, 403. */
async function setPublished(
  ctx: OperationContext,
  siteId: string,
  organizationId: string,
  published: boolean,
): Promise<Site> {
  const authorized = await authorizeSite(ctx, organizationId, siteId, 'admin');
  const { site } = await updateSite(
    ctx,
    siteId,
    (current) => ({ site: { ...current, published }, result: null }),
    authorized.site,
  );
  return presentSite(ctx.urls, site, authorized.permissions);
}

/** Publishes a site: its audience (the visibility) can reach it from now on. */
export const publishSite = operation({
  name: 'sites.publish',
  kind: 'mutation',
  summary: 'Publish a site',
  input,
  output: SiteSchema,
  run: (ctx, { siteId, organizationId }) => setPublished(ctx, siteId, organizationId, true),
});

/** Unpublishes a site: visitors no longer reach it; members still see and change it. */
export const unpublishSite = operation({
  name: 'sites.unpublish',
  kind: 'mutation',
  summary: 'Unpublish a site',
  input,
  output: SiteSchema,
  run: (ctx, { siteId, organizationId }) => setPublished(ctx, siteId, organizationId, false),
});
