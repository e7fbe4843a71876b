/**
 * What a link report names: a link's target or the page a link is on (a content location:
 * a page, maybe at an anchor, a file, a space, or a URL), as a label and, for pages the app
 * shows, where to open it.
 */

/** A resource a location names: its record, or only its id. */
type Named = string | { id: string; title?: string; name?: string; path?: string };

/** The parts of a content location read here. */
export interface LinkLocation {
  kind: string;
  url?: string;
  space?: Named;
  page?: Named;
  file?: Named;
  internalLocation?: { type: string; anchor?: string };
}

export interface LocationView {
  label: string;
  /** What kind of target, in words. */
  kind: string;
  /** A page of a space: opened in the app. */
  page?: { spaceId: string; path: string; anchor?: string };
  /** A URL outside the app. */
  url?: string;
}

const WEB_ADDRESS = /^https?:\/\//i;

const idOf = (named: Named | undefined) => (typeof named === 'string' ? named : named?.id);
const titleOf = (named: Named | undefined) =>
  typeof named === 'string' ? undefined : named?.title || named?.name || undefined;

function pageView(location: LinkLocation): LocationView {
  const anchor = location.internalLocation?.type === 'anchor' ? location.internalLocation.anchor : undefined;
  const title = titleOf(location.page) ?? `Page ${idOf(location.page) ?? ''}`.trim();
  const spaceId = idOf(location.space);
  const path = typeof location.page === 'string' ? undefined : location.page?.path;
  return {
    label: anchor ? `${title} #${anchor}` : title,
    kind: anchor ? 'Heading' : 'Page',
    ...(spaceId !== undefined && path !== undefined
      ? { page: { spaceId, path, ...(anchor ? { anchor } : {}) } }
      : {}),
  };
}

/** The label (and where to go) of a location. */
export function locationView(location: LinkLocation): LocationView {
  switch (location.kind) {
    case 'url':
      return {
        label: location.url ?? 'A link',
        kind: 'Address',
        // Only a web address opens: a relative one that led nowhere would lead nowhere here too.
        ...(location.url && WEB_ADDRESS.test(location.url) ? { url: location.url } : {}),
      };
    case 'page':
      return pageView(location);
    case 'file':
      return { label: titleOf(location.file) ?? idOf(location.file) ?? 'A file', kind: 'File' };
    case 'space':
      return { label: titleOf(location.space) ?? idOf(location.space) ?? 'A space', kind: 'Space' };
    default:
      return { label: location.kind, kind: 'Other' };
  }
}

/** A key telling one link apart from another in a report (its target and where it is). */
export function linkKeyOf(link: {
  targetReference?: LinkLocation;
  locationReferences?: readonly LinkLocation[];
}) {
  const target = link.targetReference;
  const targetKey = target
    ? [
        target.kind,
        target.url,
        idOf(target.space),
        idOf(target.page),
        idOf(target.file),
        target.internalLocation?.anchor,
      ]
    : [];
  const where = (link.locationReferences ?? []).map((location) => idOf(location.page) ?? '').sort();
  return JSON.stringify([targetKey, where]);
}
