import { z } from 'zod';
import { DomainError, invalidInput, notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { SiteIdParam, SiteOrganizationIdParam, visitSite } from '../../publishing';
import { EVENT_CLOCK_SKEW_MS, MAX_EVENTS_PER_REQUEST, SiteInsightsEventSchema } from '../event-schema';
import { commentsOf, countersOf } from '../insights-counters';
import { placeEvents } from '../place-events';

/** Comments kept per site and UTC day; past it a comment's rating still counts, its text is not kept. */
export const MAX_COMMENTS_PER_SITE_DAY = 200;

/**
 * Records what readers of a published site did (GitBook's `trackEventsInSiteById`): page views,
 * searches, link clicks, page feedback and every other event type GitBook lists, each added to
 * its counter (`insights-counters.ts`: one write per distinct counter of the batch), and a
 * feedback comment kept as written while the site's day has room (`MAX_COMMENTS_PER_SITE_DAY`;
 * racing requests may pass it by a few, checked without a lock).
 *
 * Who may send them: whoever the published site is shown to (`visitSite`, rule 1 of
 * `policies/insights-policy.ts`): anyone for a published public or unlisted site, with no
 * account; a share-link site with the key of an active link (the first `siteShareKey` the
 * events name), a visitor-auth site with a verified visitor token; a site API token's bearer on
 * its own site; a member who may view the site. An unpublished site has no readers: 404 for
 * everyone, members previewing it included (their preview is not traffic).
 *
 * Outcomes, in order: a bad event, 400 naming its field (`events.3.feedback.comment`),
 * before anything is read; a timestamp more than five minutes from now, 400 naming it; a site
 * the caller is not shown, or not published (private, of another organization, unknown), 404
 * 'Site'; a place the site does not have (a section, site space, space not shown, a page not
 * in the space's current content), 400 naming the field; the client address's or the site's
 * budget of events spent, 429 with Retry-After (`InsightsEventBudget`); else 204. Nothing is
 * written on any refusal.
 */
export const trackSiteEvents = operation({
  name: 'sites.insights.trackEvents',
  kind: 'mutation',
  summary: "Record readers' events on a published site (page views, searches, link clicks, feedback)",
  access: 'visitor',
  audit: {
    skip: "readers' page views, searches and feedback are counted as insights, not changes to the organization",
  },
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    events: z
      .array(SiteInsightsEventSchema)
      .max(MAX_EVENTS_PER_REQUEST)
      .describe(`The events, at most ${MAX_EVENTS_PER_REQUEST}`),
  }),
  output: z.null(),
  async run(ctx, input) {
    const now = ctx.clock.now();
    const at = input.events.map((event, i) => {
      if (event.timestamp === undefined) return now;
      const when = new Date(event.timestamp);
      if (Math.abs(when.getTime() - now.getTime()) > EVENT_CLOCK_SKEW_MS)
        throw invalidInput(`events.${i}.timestamp`, 'more than 5 minutes from now');
      return when;
    });
    const site = await ctx.repos.sites.findById(input.siteId);
    // Readers' events are of the published site: a member's preview of an unpublished one counts nothing.
    if (!site || site.organizationId !== input.organizationId || !site.published) throw notFound('Site');
    const shareKey = input.events.find((event) => event.location.siteShareKey !== null)?.location
      .siteShareKey;
    const visit = await visitSite(ctx, site, { shareKey: shareKey ?? undefined });
    if (!visit.shown) throw notFound('Site');
    const placed = await placeEvents(ctx, visit.structure, input.events, at);
    if (placed.length === 0) return null;
    const wait = await ctx.insightsEventBudget.take({
      address: ctx.clientAddress,
      siteId: site.id,
      events: placed.length,
    });
    if (wait !== null)
      throw new DomainError(
        'rate_limited',
        'Too many events from this address or for this site: retry later',
        {
          retryAfterSeconds: wait,
        },
      );
    const comments = await commentsWithRoom(
      ctx,
      site.id,
      commentsOf(site.id, placed, () => ctx.ids.newId()),
    );
    await ctx.repos.siteInsights.increment(countersOf(site.id, placed));
    if (comments.length > 0) await ctx.repos.siteInsights.addComments(comments);
    return null;
  },
});

/** The comments the site's days still have room for, in the batch's order. */
async function commentsWithRoom<Comment extends { day: string }>(
  ctx: Parameters<typeof trackSiteEvents.run>[0],
  siteId: string,
  comments: Comment[],
): Promise<Comment[]> {
  const room = new Map<string, number>();
  const kept: Comment[] = [];
  for (const comment of comments) {
    let left = room.get(comment.day);
    if (left === undefined)
      left =
        MAX_COMMENTS_PER_SITE_DAY - (await ctx.repos.siteInsights.countCommentsOfDay(siteId, comment.day));
    if (left > 0) kept.push(comment);
    room.set(comment.day, left - 1);
  }
  return kept;
}
