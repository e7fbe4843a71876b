/**
 * The links and the heading anchors of page bodies, parsed once per body per process. A body
 * is stored by the hash of its markdown, so what is read from an address never changes:
 * the kept values need no invalidation, only a bound (a 5,000-page space is re-read in
 * parts when it is the one being edited, whole when it is reported on again).
 */
import { linksOf, type MarkdownLink, markdownSections } from '@quire/documents';
import { BoundedCache } from '../../core/bounded-cache';
import type { DomainServices } from '../../core/context';
import { loadBodies } from '../revisions/page-tree';

type Services = Pick<DomainServices, 'repos'>;

/** Bodies kept: a few large spaces' worth. */
const KEPT_BODIES = 50_000;
const keptLinks = new BoundedCache<string, readonly MarkdownLink[]>(KEPT_BODIES);
const keptAnchors = new BoundedCache<string, ReadonlySet<string>>(KEPT_BODIES);

/** The links of the bodies at `addresses`, by address (only the bodies not kept are read). */
export async function linksOfBodies(
  services: Services,
  addresses: readonly string[],
): Promise<Map<string, readonly MarkdownLink[]>> {
  return parsedBodies(services, addresses, keptLinks, linksOf);
}

/** The heading anchors of the bodies at `addresses`, by address. */
export async function anchorsOfBodies(
  services: Services,
  addresses: readonly string[],
): Promise<Map<string, ReadonlySet<string>>> {
  return parsedBodies(services, addresses, keptAnchors, anchorsOf);
}

/** A page's anchors: its headings' anchors, as search and the app make them. */
function anchorsOf(markdown: string): ReadonlySet<string> {
  return new Set(
    markdownSections(markdown).flatMap((section) => (section.heading ? [section.heading.anchor] : [])),
  );
}

async function parsedBodies<Value>(
  services: Services,
  addresses: readonly string[],
  kept: BoundedCache<string, Value>,
  parse: (markdown: string) => Value,
): Promise<Map<string, Value>> {
  const found = new Map<string, Value>();
  const missing: string[] = [];
  for (const address of new Set(addresses)) {
    const value = kept.get(address);
    if (value === undefined) missing.push(address);
    else found.set(address, value);
  }
  if (missing.length === 0) return found;
  for (const [address, markdown] of await loadBodies(services, missing)) {
    const value = parse(markdown);
    kept.set(address, value);
    found.set(address, value);
  }
  return found;
}
