/**
 * What a docs renderer keeps that a successful change made stale, as an event the server
 * gathers into revalidation jobs (`renderer.change`): every face's mutations pass through
 * `noteChangeForRenderers`, whose tags come from the ids the change names (a site's settings,
 * structure, customization, share links; a space's settings; a change request; an OpenAPI
 * specification). A space's content moving to a new revision has its own event
 * (`space.content`), made also by jobs; the two meet in the same gathering, so a change named
 * both ways is one tag in one call.
 */
import type { OperationContext } from '../core/context';
import type { DomainEventBase } from '../core/ports/events';
import { changeRequestCacheTag, openApiCacheTag, siteCacheTag, spaceCacheTag } from './cache-tags';

export interface RendererChangeEvent extends DomainEventBase<'renderer.change'> {
  tags: string[];
}

declare module '../core/ports/events' {
  interface DomainEventTypes {
    rendererChange: RendererChangeEvent;
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * GitBook's cache tags of what an input names by id (a validated operation input or a path's
 * parameters): the space (and its change request), the site, the OpenAPI specification.
 */
export function cacheTagsOfIds(ids: Readonly<Record<string, unknown>>): string[] {
  const tags: string[] = [];
  const spaceId = text(ids.spaceId);
  if (spaceId !== undefined) {
    tags.push(spaceCacheTag(spaceId));
    const changeRequestId = text(ids.changeRequestId);
    if (changeRequestId !== undefined) tags.push(changeRequestCacheTag(spaceId, changeRequestId));
  }
  const siteId = text(ids.siteId);
  if (siteId !== undefined) tags.push(siteCacheTag(siteId));
  const organizationId = text(ids.organizationId);
  const specSlug = text(ids.specSlug);
  if (organizationId !== undefined && specSlug !== undefined)
    tags.push(openApiCacheTag(organizationId, specSlug));
  return tags;
}

/**
 * Reports to the renderers what a successful change named (nothing when no renderer is
 * configured, or the change names nothing they keep). Its organization is the input's, or
 * the space's. Never throws: a renderer's cache is not worth failing a change that was made.
 */
export async function noteChangeForRenderers(ctx: OperationContext, input: unknown): Promise<void> {
  if (!ctx.rendererRevalidation.configured || typeof input !== 'object' || input === null) return;
  try {
    const ids = input as Record<string, unknown>;
    const tags = cacheTagsOfIds(ids);
    if (tags.length === 0) return;
    const spaceId = text(ids.spaceId);
    const organizationId =
      text(ids.organizationId) ??
      (spaceId === undefined ? undefined : (await ctx.repos.spaces.findById(spaceId))?.organizationId);
    if (organizationId === undefined) return;
    await ctx.events.publish({
      id: ctx.ids.newId(),
      type: 'renderer.change',
      at: ctx.clock.now().toISOString(),
      actorId: ctx.caller?.userId ?? null,
      organizationId,
      spaceId: spaceId ?? null,
      tags,
    });
  } catch {
    // Best effort, as said above: the renderer keeps the old answer for its own lifetime.
  }
}
