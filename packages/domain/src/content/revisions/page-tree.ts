/**
 * Reading and writing the page tree of a revision. Reading walks the tree one level at a
 * time (one read for the level's tree objects, one for their pages), so a space of 5,000
 * pages in 2 levels costs 4 reads whatever its width. Writing re-hashes only what changed:
 * a page read unchanged whose subpages' tree is unchanged keeps its address.
 */

import type { DomainServices } from '../../core/context';
import { orderedVariables } from '../reusable-contents/variables';
import { addressOf } from './content-address';
import { orderedCover } from './page-cover';
import { checkPageDepth } from './page-depth';
import { orderedLinkTarget } from './page-types';
import type { ContentObject, PageFields, PageObject, TreeObject } from './records';
import { childrenByParent, type StoredPage, type StoredPages } from './stored-page';

type Objects = Pick<DomainServices, 'repos'>;

/** A stored object missing: the store lost what a revision points at. */
export class MissingContentObjectError extends Error {
  constructor(address: string) {
    super(`content object ${address} is missing`);
    this.name = 'MissingContentObjectError';
  }
}

function expectKind<K extends ContentObject['kind']>(
  objects: Map<string, ContentObject>,
  address: string,
  kind: K,
): Extract<ContentObject, { kind: K }> {
  const object = objects.get(address);
  if (!object || object.kind !== kind) throw new MissingContentObjectError(address);
  return object as Extract<ContentObject, { kind: K }>;
}

/** Every page of the tree at `treeAddress`, flat, by id. */
export async function loadPages(services: Objects, treeAddress: string): Promise<StoredPages> {
  const pages: StoredPages = new Map();
  // Known without reading: a space's unwritten first revision points at it (not stored).
  if (treeAddress === EMPTY_TREE_ADDRESS) return pages;
  let level: Array<{ tree: string; parentId: string | null }> = [{ tree: treeAddress, parentId: null }];
  while (level.length > 0) {
    const trees = await services.repos.contentObjects.getMany(level.map((entry) => entry.tree));
    const wanted: Array<{ address: string; parentId: string | null }> = [];
    for (const { tree, parentId } of level) {
      for (const address of expectKind(trees, tree, 'tree').pages) wanted.push({ address, parentId });
    }
    const pageObjects = await services.repos.contentObjects.getMany(wanted.map((entry) => entry.address));
    const next: typeof level = [];
    for (const { address, parentId } of wanted) {
      const { kind: _kind, children, ...fields } = expectKind(pageObjects, address, 'page');
      pages.set(fields.id, { ...fields, parentId, loaded: { address, children } });
      if (children) next.push({ tree: children, parentId: fields.id });
    }
    level = next;
  }
  return pages;
}

/** The bodies at `addresses`, as markdown by address. */
export async function loadBodies(
  services: Objects,
  addresses: readonly string[],
): Promise<Map<string, string>> {
  const objects = await services.repos.contentObjects.getMany([...new Set(addresses)]);
  const bodies = new Map<string, string>();
  for (const address of new Set(addresses))
    bodies.set(address, expectKind(objects, address, 'body').markdown);
  return bodies;
}

/** The empty tree's address and object (a new space's content). */
export function emptyTree(): { address: string; object: TreeObject } {
  const object: TreeObject = { kind: 'tree', pages: [] };
  return { address: addressOf(object), object };
}

const EMPTY_TREE_ADDRESS = emptyTree().address;

/**
 * The tree objects and page objects for `pages` (which must be a forest: every parentId a
 * page of the set, checked by the operations that change places). Returns the top-level
 * tree's address and the objects that are new (the caller stores them, with new bodies).
 */
export function buildTree(pages: ReadonlyMap<string, StoredPage>): {
  tree: string;
  objects: Map<string, ContentObject>;
} {
  checkPageDepth(pages);
  const children = childrenByParent(pages);
  const objects = new Map<string, ContentObject>();
  const treeOf = (parentId: string | null): string | null => {
    const level = children.get(parentId);
    if (!level || level.length === 0) return parentId === null ? storeTree([]) : null;
    return storeTree(level.map(pageAddress));
  };
  const storeTree = (addresses: string[]): string => {
    const object: TreeObject = { kind: 'tree', pages: addresses };
    const address = addressOf(object);
    objects.set(address, object);
    return address;
  };
  const pageAddress = (page: StoredPage): string => {
    const subpages = treeOf(page.id);
    if (page.loaded && page.loaded.children === subpages) return page.loaded.address;
    const { loaded: _loaded, parentId: _parentId, ...fields } = page;
    const object: PageObject = pageObjectOf(fields, subpages);
    const address = addressOf(object);
    objects.set(address, object);
    return address;
  };
  return { tree: treeOf(null) as string, objects };
}

/** A page object with its keys in one fixed order (its address depends on it). */
function pageObjectOf(fields: PageFields, children: string | null): PageObject {
  return {
    kind: 'page',
    id: fields.id,
    // Only on a group or a link: a document keeps the address it had before types existed.
    ...(fields.type !== undefined ? { type: fields.type } : {}),
    ...(fields.target !== undefined ? { target: orderedLinkTarget(fields.target) } : {}),
    title: fields.title,
    slug: fields.slug,
    ...(fields.emoji !== undefined ? { emoji: fields.emoji } : {}),
    ...(fields.icon !== undefined ? { icon: fields.icon } : {}),
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    hidden: fields.hidden,
    position: fields.position,
    createdAt: fields.createdAt,
    updatedAt: fields.updatedAt,
    body: fields.body,
    ...(fields.git !== undefined ? { git: gitBlobOf(fields.git) } : {}),
    // Only when the page has some: a page without variables keeps the address it had.
    ...(fields.variables !== undefined && Object.keys(fields.variables).length > 0
      ? { variables: orderedVariables(fields.variables) }
      : {}),
    // Only when the page has one: a page without a cover keeps the address it had.
    ...(fields.cover !== undefined ? { cover: orderedCover(fields.cover) } : {}),
    children,
  };
}

/** A Git blob with its keys in one fixed order. */
export function gitBlobOf(git: { oid: string; path: string; url?: string | undefined }) {
  return { oid: git.oid, path: git.path, ...(git.url !== undefined ? { url: git.url } : {}) };
}
