import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { isDomainError } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam, type SiteRecord } from '../../publishing';
import type { SiteRedirectRecord } from '../records';
import { assertRoomFor } from '../redirect-cap';
import { destinationToStore } from '../redirect-destination';
import { RedirectDestinationInputSchema } from '../redirect-destination-schema';
import { CaptureWildcardSchema, MAX_REDIRECTS_PER_REQUEST, PermanentSchema } from '../redirect-fields';
import { assertNoLoop } from '../redirect-loops';
import { RedirectSourceSchema } from '../redirect-source';

const UpsertItemSchema = z
  .strictObject({
    source: RedirectSourceSchema,
    intent: z
      .enum(['live', 'draft', 'publish'])
      .optional()
      .describe(
        'live (default): the live redirect of the source; draft: its draft; publish: make its draft live',
      ),
    captureWildcard: CaptureWildcardSchema.optional(),
    permanent: PermanentSchema.optional(),
    destination: RedirectDestinationInputSchema.nullable()
      .optional()
      .describe('Where the source goes; null deletes its redirect; absent when publishing'),
  })
  .superRefine((item, context) => {
    const publishing = item.intent === 'publish';
    const carries =
      item.destination !== undefined || item.captureWildcard !== undefined || item.permanent !== undefined;
    if (publishing && carries)
      context.addIssue({ code: 'custom', path: ['destination'], message: 'a publish takes a source only' });
    if (!publishing && item.destination === undefined)
      context.addIssue({
        code: 'custom',
        path: ['destination'],
        message: 'a destination, or null to delete',
      });
  });

type UpsertItem = z.infer<typeof UpsertItemSchema>;

const UpsertResultSchema = z
  .object({
    status: z
      .enum(['created', 'updated', 'deleted', 'published', 'error'])
      .describe('What became of the item; error: nothing, see `error`'),
    source: z.string().describe('The source of the item'),
    draft: z.boolean().describe('Whether the item was about a draft'),
    id: z.string().optional().describe('Id of the redirect created, changed or made live'),
    error: z.string().optional().describe('Why the item was refused'),
  })
  .meta({ id: 'SiteRedirectUpsertResult', description: 'What a bulk change did with one of its items' });

type UpsertResult = z.infer<typeof UpsertResultSchema>;

const findOne = async (ctx: OperationContext, siteId: string, draft: boolean, source: string) =>
  (await ctx.repos.siteRedirects.findBySources(siteId, draft, [source]))[0];

async function publishDraft(ctx: OperationContext, site: SiteRecord, source: string): Promise<UpsertResult> {
  const draft = await findOne(ctx, site.id, true, source);
  if (!draft) return { status: 'error', source, draft: false, error: 'No draft redirect from this source' };
  const live = await findOne(ctx, site.id, false, source);
  const now = ctx.clock.now().toISOString();
  const fields = {
    destination: draft.destination,
    captureWildcard: draft.captureWildcard,
    permanent: draft.permanent,
  };
  // The live redirect is written before the draft is deleted: a crash between leaves both, never neither.
  const { updatedAt: _draftChanged, ...made } = draft;
  await assertNoLoop(ctx, site, { ...(live ?? { ...made, id: draft.id }), ...fields, draft: false });
  let id: string;
  if (live) {
    await ctx.repos.siteRedirects.replace({ ...live, ...fields, updatedAt: now });
    id = live.id;
  } else {
    id = ctx.ids.newId();
    await ctx.repos.siteRedirects.insert({ ...made, id, draft: false, createdAt: now });
  }
  await ctx.repos.siteRedirects.delete(site.id, draft.id);
  return { status: 'published', source, draft: false, id };
}

async function applyItem(ctx: OperationContext, site: SiteRecord, item: UpsertItem): Promise<UpsertResult> {
  if (item.intent === 'publish') return publishDraft(ctx, site, item.source);
  const draft = item.intent === 'draft';
  const existing = await findOne(ctx, site.id, draft, item.source);
  if (item.destination === null || item.destination === undefined) {
    if (!existing || !(await ctx.repos.siteRedirects.delete(site.id, existing.id)))
      return { status: 'error', source: item.source, draft, error: 'No redirect from this source' };
    return { status: 'deleted', source: item.source, draft };
  }
  const destination = await destinationToStore(ctx, site, item.destination);
  const now = ctx.clock.now().toISOString();
  if (existing) {
    const updated: SiteRedirectRecord = {
      ...existing,
      destination,
      captureWildcard: item.captureWildcard ?? existing.captureWildcard,
      permanent: item.permanent ?? existing.permanent,
      updatedAt: now,
    };
    await assertNoLoop(ctx, site, updated);
    await ctx.repos.siteRedirects.replace(updated);
    return { status: 'updated', source: item.source, draft, id: existing.id };
  }
  await assertRoomFor(ctx, site.id, 1);
  const created: SiteRedirectRecord = {
    id: ctx.ids.newId(),
    organizationId: site.organizationId,
    siteId: site.id,
    source: item.source,
    draft,
    captureWildcard: item.captureWildcard ?? false,
    permanent: item.permanent ?? false,
    destination,
    createdAt: now,
  };
  await assertNoLoop(ctx, site, created);
  await ctx.repos.siteRedirects.insert(created);
  return { status: 'created', source: item.source, draft, id: created.id };
}

/**
 * Creates, changes, deletes or publishes many redirects of a site in one request, item by
 * item in order (an item sees what the items before it did). An item with a destination
 * writes the live redirect of its source (the draft with `intent: draft`), creating it or
 * changing it; `destination: null` deletes it; `intent: publish` makes the source's draft
 * live (replacing the live one) and deletes the draft. Each item answers its own status; an
 * item that cannot be done (a destination the site does not have, nothing to delete or
 * publish, the site's cap reached, a live redirect that would make a loop) answers `error`
 * and the others go on. Needs `create` on
 * the site. Outcomes: not a member, a guest, or the site unknown or of another
 * organization, 404; a role below create, 403, nothing written; more than
 * `MAX_REDIRECTS_PER_REQUEST` items, or an item mixing a publish with a destination, 400.
 */
export const upsertSiteRedirects = operation({
  name: 'sites.redirects.upsert',
  kind: 'mutation',
  summary: 'Create, change, delete or publish redirects of a site in bulk',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    redirects: z
      .array(UpsertItemSchema)
      .min(1)
      .max(MAX_REDIRECTS_PER_REQUEST)
      .describe(`The changes, done in order (1 to ${MAX_REDIRECTS_PER_REQUEST})`),
  }),
  output: z.object({ results: z.array(UpsertResultSchema).describe("Each item's outcome, in order") }),
  async run(ctx, input) {
    const { site } = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    const results: UpsertResult[] = [];
    for (const item of input.redirects) {
      try {
        results.push(await applyItem(ctx, site, item));
      } catch (error) {
        if (!isDomainError(error)) throw error;
        const draft = item.intent === 'draft';
        results.push({ status: 'error', source: item.source, draft, error: error.message });
      }
    }
    return { results };
  },
});
