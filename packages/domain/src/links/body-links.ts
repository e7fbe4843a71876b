/**
 * The links and the heading anchors of page bodies, read from their stored outlines
 * (`outlinesOf`: each body parsed once, ever; the objects are kept in memory by the
 * repository, so a report read again reads nothing).
 */
import type { MarkdownLink } from '@quire/documents';
import { outlinesOf } from '../content';
import type { DomainServices } from '../core/context';

type Services = Pick<DomainServices, 'repos'>;

/** The links of the bodies at `addresses`, by address. */
export async function linksOfBodies(
  services: Services,
  addresses: readonly string[],
): Promise<Map<string, readonly MarkdownLink[]>> {
  const outlines = await outlinesOf(services, addresses);
  return new Map([...outlines].map(([address, outline]) => [address, outline.links]));
}

/** The heading anchors of the bodies at `addresses`, by address (as search and the app make them). */
export async function anchorsOfBodies(
  services: Services,
  addresses: readonly string[],
): Promise<Map<string, ReadonlySet<string>>> {
  const outlines = await outlinesOf(services, addresses);
  return new Map(
    [...outlines].map(([address, outline]) => [
      address,
      new Set(outline.sections.flatMap((section) => (section.heading ? [section.heading.anchor] : []))),
    ]),
  );
}
