/**
 * The OpenAPI specifications the published content a site API token's visitor is shown names
 * (the rule of `authorizeOpenApiSpec`, `policies/openapi-policy.ts`, rule 0): GitBook publishes
 * the spec a published page shows, and its renderer reads the newest version of every spec a
 * block of the page names (`openapi` refs: `openapi-operation`, `openapi-schemas`,
 * `openapi-webhook`) with the site's token.
 *
 * What is read: the current revision of each space of the grant (what the site publishes), its
 * pages' and reusable contents' bodies; the few bodies that mention `openapi` are read as
 * documents (`markdownToDocument`, GitBook's document model, a turn of the event loop after
 * each) and walked for refs. Found once
 * per revision and kept (a revision never changes), each body's names kept by its address (a
 * new revision reads only the bodies it changed); bounded: at most `MAX_REVISION_BODIES`
 * bodies of one revision are read. Reads the stores through their ports (this area comes
 * before the content area: it imports only its types).
 */
import { markdownToDocument } from '@quire/documents';
import type { ContentObject } from '../content/revisions/records';
import { BoundedCache } from '../core/bounded-cache';
import type { DomainServices, SiteVisitorGrant } from '../core/context';
import { nextEventLoopTurn } from '../core/event-loop-turn';
import { LoadedValues } from '../core/loaded-values';

type Services = Pick<DomainServices, 'repos'>;

/** The most bodies of one revision read for its specs. */
export const MAX_REVISION_BODIES = 20_000;
/** Revisions whose specs are kept in memory (a few slugs each). */
const KEPT_REVISIONS = 512;
/** How deep a document is walked for refs (deeper than any document the schema accepts). */
const MAX_DEPTH = 64;

/** Bodies whose names are kept (an address and, mostly, no name: a few dozen bytes each). */
const KEPT_BODIES = 50_000;

const kept = new LoadedValues<string, ReadonlySet<string>>(KEPT_REVISIONS);
/** The names of each body by address (a body never changes): a new revision reads only its new bodies. */
const bodyNames = new BoundedCache<string, readonly string[]>(KEPT_BODIES);

/** The slugs of the specs named by `openapi` refs anywhere in a document tree. */
export function specSlugsOf(node: unknown, into = new Set<string>(), depth = 0): Set<string> {
  if (depth > MAX_DEPTH || node === null || typeof node !== 'object') return into;
  if (Array.isArray(node)) {
    for (const item of node) specSlugsOf(item, into, depth + 1);
    return into;
  }
  const record = node as Record<string, unknown>;
  if (record.kind === 'openapi' && typeof record.spec === 'string') into.add(record.spec);
  for (const value of Object.values(record))
    if (typeof value === 'object' && value !== null) specSlugsOf(value, into, depth + 1);
  return into;
}

const ofKind = <K extends ContentObject['kind']>(object: ContentObject | undefined, kind: K) =>
  object?.kind === kind ? (object as Extract<ContentObject, { kind: K }>) : undefined;

/** The body addresses of every page under the tree objects at `trees`, level by level. */
async function bodiesUnder(services: Services, trees: string[]): Promise<string[]> {
  const bodies: string[] = [];
  let level = trees;
  while (level.length > 0 && bodies.length < MAX_REVISION_BODIES) {
    const treeObjects = await services.repos.contentObjects.getMany(level);
    const pages = level.flatMap((address) => ofKind(treeObjects.get(address), 'tree')?.pages ?? []);
    const pageObjects = await services.repos.contentObjects.getMany(pages);
    level = [];
    for (const address of pages) {
      const page = ofKind(pageObjects.get(address), 'page');
      if (!page) continue;
      bodies.push(page.body);
      if (page.children) level.push(page.children);
    }
  }
  return bodies.slice(0, MAX_REVISION_BODIES);
}

async function revisionSpecs(services: Services, spaceId: string, revisionId: string): Promise<Set<string>> {
  const slugs = new Set<string>();
  const revision = await services.repos.revisions.findById(spaceId, revisionId);
  if (!revision) return slugs;
  const trees = [revision.tree, ...(revision.reusableContents ? [revision.reusableContents] : [])];
  const addresses = [...new Set(await bodiesUnder(services, trees))];
  const unknown: string[] = [];
  for (const address of addresses) {
    const names = bodyNames.get(address);
    if (names) for (const name of names) slugs.add(name);
    else unknown.push(address);
  }
  if (unknown.length === 0) return slugs;
  const bodies = await services.repos.contentObjects.getMany(unknown);
  for (const [address, object] of bodies) {
    const markdown = ofKind(object, 'body')?.markdown ?? '';
    if (!markdown.includes('openapi')) {
      bodyNames.set(address, []);
      continue;
    }
    const names = [...specSlugsOf(markdownToDocument(markdown))];
    bodyNames.set(address, names);
    for (const name of names) slugs.add(name);
    // A conversion takes milliseconds per kilobyte, and a revision may hold thousands of bodies
    // that mention `openapi`: the requests being served go on between two of them.
    await nextEventLoopTurn();
  }
  return slugs;
}

/** The specs the documents of a revision name, found once per revision. */
export function specsOfRevision(
  services: Services,
  spaceId: string,
  revisionId: string,
): Promise<ReadonlySet<string>> {
  return kept.get(`${spaceId}/${revisionId}`, () => revisionSpecs(services, spaceId, revisionId));
}

/** The specs named by the published content of the spaces the grant's visitor is shown. */
export async function publishedSpecNames(
  services: Services,
  grant: SiteVisitorGrant,
): Promise<ReadonlySet<string>> {
  const names = new Set<string>();
  for (const space of await services.repos.spaces.findByIds(grant.spaceIds)) {
    // A deleted space, another organization's, or one with no content yet names nothing.
    if (space.deletedAt !== undefined || space.organizationId !== grant.organizationId) continue;
    if (space.revisionId === undefined) continue;
    for (const slug of await specsOfRevision(services, space.id, space.revisionId)) names.add(slug);
  }
  return names;
}
