/**
 * Where each event of a batch happened, checked against the site as its visitor is shown it:
 * a site section, site space, space and page an event names must be the site's (the space one
 * the visit shows, the page one of the space's current content), so readers' events count
 * only what the site has, and nobody grows a site's counters with made-up places. Each refusal
 * is a 400 naming the event's field; nothing is written before every event passed.
 */
import { pageIndexOf } from '../content';
import type { OperationContext } from '../core/context';
import { invalidInput } from '../core/errors';
import type { Structure } from '../publishing';
import { locatedSiteSpaces } from '../publishing';
import type { SiteInsightsEvent } from './event-schema';
import type { PlacedEvent } from './insights-counters';
import { dayOf } from './insights-days';

/** The page ids of each space the batch names, read once per space from its current content. */
async function pagesOfSpaces(
  ctx: OperationContext,
  spaceIds: readonly string[],
): Promise<Map<string, ReadonlySet<string>>> {
  const spaces = await ctx.repos.spaces.findByIds([...spaceIds]);
  const entries = await Promise.all(
    spaces.map(async (space): Promise<[string, ReadonlySet<string>]> => {
      if (space.deletedAt !== undefined || space.revisionId === undefined) return [space.id, new Set()];
      const revision = await ctx.repos.revisions.findById(space.id, space.revisionId);
      if (!revision) return [space.id, new Set()];
      const index = await pageIndexOf(ctx, revision.tree);
      return [space.id, new Set(index.pages.keys())];
    }),
  );
  return new Map(entries);
}

export async function placeEvents(
  ctx: OperationContext,
  structure: Structure,
  events: readonly SiteInsightsEvent[],
  at: readonly Date[],
): Promise<PlacedEvent[]> {
  const located = locatedSiteSpaces(structure);
  const siteSpaces = new Map(located.map((entry) => [entry.siteSpace.id, entry]));
  const sections = new Set(structure.sections.map((section) => section.id));
  const spaces = new Set(located.map((entry) => entry.siteSpace.spaceId));
  events.forEach(({ location }, i) => {
    const field = (name: string) => `events.${i}.location.${name}`;
    if (location.siteSection !== null && !sections.has(location.siteSection))
      throw invalidInput(field('siteSection'), 'not a section of this site');
    if (location.siteSpace !== null) {
      const siteSpace = siteSpaces.get(location.siteSpace);
      if (!siteSpace) throw invalidInput(field('siteSpace'), 'not a site space this site shows');
      if (location.siteSection !== null && siteSpace.section?.id !== location.siteSection)
        throw invalidInput(field('siteSpace'), 'not in the site section named');
      if (location.space !== null && siteSpace.siteSpace.spaceId !== location.space)
        throw invalidInput(field('space'), "not the site space's space");
    }
    if (location.space !== null && !spaces.has(location.space))
      throw invalidInput(field('space'), 'not a space this site shows');
    if (location.page !== null && location.space === null)
      throw invalidInput(field('space'), 'required with a page');
  });
  const named = [
    ...new Set(
      events.flatMap(({ location }) =>
        location.page !== null && location.space !== null ? [location.space] : [],
      ),
    ),
  ];
  const pages = await pagesOfSpaces(ctx, named);
  return events.map((event, i) => {
    const { location } = event;
    if (location.page !== null && !pages.get(location.space as string)?.has(location.page))
      throw invalidInput(`events.${i}.location.page`, "not a page of the space's current content");
    const when = at[i] as Date;
    return {
      event,
      place: {
        siteSectionId: location.siteSection,
        siteSpaceId: location.siteSpace,
        spaceId: location.space,
        pageId: location.page,
      },
      day: dayOf(when),
      at: when.toISOString(),
    };
  });
}
