/**
 * The link report of a revision: every link of every page, named (`linkTargetOf`), given a
 * status (`linkStatus`), and grouped by what it targets, with the pages holding it. Derived
 * from the revision alone (and the organization's spaces, for links to other spaces).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { MarkdownLinkKind } from '@quire/documents';
import {
  type FileEntry,
  type PageIndex,
  type RevisionRecord,
  reusableContentsOf,
  type SpaceRecord,
} from '../content';
import { BoundedCache } from '../core/bounded-cache';
import type { DomainServices } from '../core/context';
import { anchorsOfBodies, linksOfBodies } from './body-links';
import { type FoundTarget, type LinkFacts, type LinkStatus, linkStatus } from './link-status';
import { type LinkTarget, linkTargetOf } from './link-target';

type Services = Pick<DomainServices, 'repos' | 'urls'>;

/** How the content relates to a target: it links to it, or it embeds it (an image). */
export type LinkRelation = 'reference' | 'dependsOn';

/** One target of the report and the pages linking to it. */
export interface LinkUsage {
  /**
   * What identifies the usage across revisions (the same target, written the same way,
   * has the same key): a digest, so a cursor can carry it whatever the URL's length.
   */
  key: string;
  status: LinkStatus;
  relation: LinkRelation;
  /** The URL as the first page holding it wrote it. */
  url: string;
  found: FoundTarget;
  /** The pages holding the link, in the order of the tree. */
  pageIds: string[];
}

export interface RevisionLinks {
  /** Broken first, then in key order. */
  usages: LinkUsage[];
  /** Each page's usages (the same objects), in the same order. */
  byPage: Map<string, LinkUsage[]>;
}

/** The order of the report: broken links first, then the app's, then those that work. */
export const STATUS_RANK: Record<LinkStatus, number> = { broken: 0, 'in-app': 1, ok: 2 };

interface WrittenLink {
  pageId: string;
  url: string;
  relation: LinkRelation;
  target: LinkTarget;
}

/**
 * Reports kept: a revision never changes, so its report changes only with the other spaces
 * its links name (deleted, restored, moved out of the organization), which are part of the
 * key. Bounded by reports and by the usages they hold in all.
 */
const keptReports = new BoundedCache<string, RevisionLinks>({
  maxEntries: 64,
  maxWeight: 200_000,
  weigh: (links) => links.usages.length,
});

/** The written links of revisions, by revision (what the report derives from the revision alone). */
const keptWritten = new BoundedCache<string, WrittenLinks>({
  maxEntries: 64,
  maxWeight: 400_000,
  weigh: (written) => written.links.length,
});

interface WrittenLinks {
  links: WrittenLink[];
  /** The other spaces the links name. */
  spaceIds: string[];
}

/** The link report of `revision` of `space`, whose pages and files are `index` and `files`. */
export async function revisionLinks(
  services: Services,
  space: SpaceRecord,
  revision: RevisionRecord,
  index: PageIndex,
  files: readonly FileEntry[],
): Promise<RevisionLinks> {
  // The URLs are part of it: whether a link is the app's depends on where the app is.
  const revisionKey = JSON.stringify([services.urls.api, services.urls.app, space.id, revision.id]);
  let written = keptWritten.get(revisionKey);
  if (!written) {
    written = await writtenLinks(services, space, index);
    keptWritten.set(revisionKey, written);
  }
  const liveSpaces = await liveSpacesAmong(services, space, written.spaceIds);
  const reportKey = JSON.stringify([revisionKey, space.organizationId, [...liveSpaces].sort()]);
  const kept = keptReports.get(reportKey);
  if (kept) return kept;
  const facts = await factsOf(services, revision, index, files, written.links, liveSpaces);
  const links = reportOf(written.links, facts);
  keptReports.set(reportKey, links);
  return links;
}

function reportOf(written: readonly WrittenLink[], facts: LinkFacts): RevisionLinks {
  const usages = new Map<string, LinkUsage>();
  const byPage = new Map<string, Set<LinkUsage>>();
  for (const link of written) {
    const { status, found } = linkStatus(link.target, facts);
    const identity =
      found.kind === 'url' ? ['url', link.relation, link.url, link.target] : ['found', link.relation, found];
    const identityText = JSON.stringify(identity);
    let usage = usages.get(identityText);
    if (!usage) {
      usage = {
        key: digest(identityText),
        status,
        relation: link.relation,
        url: link.url,
        found,
        pageIds: [],
      };
      usages.set(identityText, usage);
    }
    if (usage.pageIds[usage.pageIds.length - 1] !== link.pageId) usage.pageIds.push(link.pageId);
    const ofPage = byPage.get(link.pageId) ?? new Set();
    ofPage.add(usage);
    byPage.set(link.pageId, ofPage);
  }
  return {
    usages: [...usages.values()].sort(reportOrder),
    byPage: new Map([...byPage].map(([pageId, set]) => [pageId, [...set].sort(reportOrder)])),
  };
}

export function reportOrder(a: LinkUsage, b: LinkUsage): number {
  return STATUS_RANK[a.status] - STATUS_RANK[b.status] || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * Links whose target is shown in the page (an image, a file block, a drawing, a card's
 * cover, an included reusable content): the page
 * depends on it. Every other kind (links, content-refs, embeds, OpenAPI specs) refers to it.
 */
const EMBEDDED_KINDS: ReadonlySet<MarkdownLinkKind> = new Set([
  'image',
  'file',
  'drawing',
  'card-cover',
  'include',
]);

/** Every link of every page, in tree order, named. */
async function writtenLinks(services: Services, space: SpaceRecord, index: PageIndex): Promise<WrittenLinks> {
  const pages = [...index.paths.keys()].flatMap((id) => {
    const page = index.pages.get(id);
    return page ? [page] : [];
  });
  const links = await linksOfBodies(
    services,
    pages.map((page) => page.body),
  );
  const written: WrittenLink[] = [];
  for (const page of pages) {
    const place = {
      urls: services.urls,
      spaceId: space.id,
      pageId: page.id,
      pagePath: index.paths.get(page.id) ?? page.slug,
      hasSubpages: (index.children.get(page.id)?.length ?? 0) > 0,
    };
    for (const link of links.get(page.body) ?? []) {
      written.push({
        pageId: page.id,
        url: link.url,
        relation: EMBEDDED_KINDS.has(link.kind) ? 'dependsOn' : 'reference',
        target: linkTargetOf(link.url, place),
      });
    }
  }
  const spaceIds = new Set<string>();
  for (const { target } of written) if (target.kind === 'space') spaceIds.add(target.space);
  return { links: written, spaceIds: [...spaceIds] };
}

/** Among `spaceIds`, those that exist, not deleted, in the organization of `space`. */
async function liveSpacesAmong(
  services: Services,
  space: SpaceRecord,
  spaceIds: readonly string[],
): Promise<ReadonlySet<string>> {
  if (spaceIds.length === 0) return new Set();
  const spaces = await services.repos.spaces.findByIds(spaceIds);
  return new Set(
    spaces
      .filter((other) => other.organizationId === space.organizationId && other.deletedAt === undefined)
      .map((other) => other.id),
  );
}

/** The lookups `linkStatus` needs, with the anchors and spaces the links name read at once. */
async function factsOf(
  services: Services,
  revision: RevisionRecord,
  index: PageIndex,
  files: readonly FileEntry[],
  written: readonly WrittenLink[],
  liveSpaces: ReadonlySet<string>,
): Promise<LinkFacts> {
  const pageIdOf: LinkFacts['pageIdOf'] = (page) =>
    'id' in page ? (index.pages.has(page.id) ? page.id : undefined) : index.byPath.get(page.path)?.id;
  const anchored = new Set<string>();
  for (const { target } of written) {
    if (target.kind === 'page' && target.anchor !== undefined) {
      const pageId = pageIdOf(target.page);
      if (pageId !== undefined) anchored.add(pageId);
    }
  }
  const bodyOf = (pageId: string) => index.pages.get(pageId)?.body ?? '';
  const includes = written.some(({ target }) => target.kind === 'reusable-content');
  const [anchors, reusableContents] = await Promise.all([
    anchorsOfBodies(services, [...anchored].map(bodyOf)),
    includes ? reusableContentsOf(services, revision) : new Map(),
  ]);
  const fileById = new Set(files.map((file) => file.id));
  const fileByName = new Map<string, string>();
  const fileByDownload = new Map<string, string>();
  for (const file of files) {
    if (!fileByName.has(file.name)) fileByName.set(file.name, file.id);
    fileByDownload.set(JSON.stringify([file.hash, file.name]), file.id);
  }
  return {
    pageIdOf,
    hasAnchor: (pageId, anchor) => {
      const ofPage = anchors.get(bodyOf(pageId));
      return ofPage !== undefined && (ofPage.has(anchor) || ofPage.has(safeDecoded(anchor)));
    },
    fileIdOf: (file) => {
      if ('id' in file) return fileById.has(file.id) ? file.id : undefined;
      if ('hash' in file) return fileByDownload.get(JSON.stringify([file.hash, file.name]));
      return fileByName.get(file.name);
    },
    spaceExists: (spaceId) => liveSpaces.has(spaceId),
    reusableContentExists: (id) => reusableContents.has(id),
  };
}

function safeDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function digest(text: string): string {
  let binary = '';
  for (const byte of sha256(utf8ToBytes(text))) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
