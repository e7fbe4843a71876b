/**
 * The sidebar's page tree of a site space, kept: the tree as the reader shows it (link pages'
 * targets made addresses under the base path) and, once asked, its HTML with no page open (what
 * the not-found, search and answer pages show: `renderClosedTree`). *Added (twenty-first
 * session):* those pages made and rendered the tree of every page of the site space (up to
 * 5,000) on each request, uncached, and any visitor chooses how many: a missing path or a query
 * each time.
 *
 * Kept per (space, revision, base path), nothing of the visitor: a revision's tree is the same
 * for every caller (`reader-visit.ts` shares it), a visit reaches it only after the lookup named
 * that revision for the visitor, and the base path (with a share key's segment, when the URL has
 * one) is the only other thing its addresses read. What differs between visitors of the same
 * revision (the sections and site spaces their conditions show, the customization) is made from
 * each visit's own published view on every request, never kept here. A visit with no revision
 * named (none in practice) makes its tree each time.
 *
 * Bounded like the revisions' trees: 16 entries and 32 MB (a tree's weight is its pages' text).
 */
import { BoundedCache } from '@quire/domain';
import { type ReaderTreePage, renderClosedTree } from '@quire/reader';

export interface KeptTree {
  readonly tree: readonly ReaderTreePage[];
  /** The tree's HTML with no page open, rendered once when first asked. */
  closedHtml(): string;
}

/** What the trees cost since the app started: trees made, and closed trees rendered. */
export interface ReaderTreeCounts {
  made: number;
  rendered: number;
}

const MAX_TREES = 16;
const MAX_WEIGHT = 32 * 1024 * 1024;

class ReaderTrees {
  readonly counts: ReaderTreeCounts = { made: 0, rendered: 0 };
  readonly #kept = new BoundedCache<string, { tree: KeptTree; weight: number }>({
    maxEntries: MAX_TREES,
    maxWeight: MAX_WEIGHT,
    weigh: (entry) => entry.weight,
  });

  /** The tree of `key` (undefined: not kept), made by `make` when none is kept. */
  treeOf(
    key: string | undefined,
    make: () => readonly ReaderTreePage[],
    treeHref: (page: ReaderTreePage) => string,
  ): KeptTree {
    const kept = key === undefined ? undefined : this.#kept.get(key)?.tree;
    if (kept !== undefined) return kept;
    const tree = make();
    this.counts.made += 1;
    let html: string | undefined;
    const made: KeptTree = {
      tree,
      closedHtml: () => {
        if (html === undefined) {
          html = renderClosedTree(tree, treeHref);
          this.counts.rendered += 1;
          if (key !== undefined && this.#kept.peek(key)?.tree === made)
            this.#kept.set(key, { tree: made, weight: weightOf(tree) + html.length * 2 });
        }
        return html;
      },
    };
    if (key !== undefined) this.#kept.set(key, { tree: made, weight: weightOf(tree) });
    return made;
  }
}

/** A tree's weight: its pages' text, twice (UTF-16), and an object's overhead each. */
function weightOf(pages: readonly ReaderTreePage[], depth = 0): number {
  if (depth > 64) return 0;
  let weight = 0;
  for (const page of pages)
    weight +=
      128 +
      2 * (page.id.length + page.title.length + page.path.length + (page.description?.length ?? 0)) +
      weightOf(page.pages, depth + 1);
  return weight;
}

const trees = new WeakMap<object, ReaderTrees>();

/** The kept trees of an app, found from its services or any request context made from them. */
export function readerTreesOf(owner: { repos: object }): ReaderTrees {
  let kept = trees.get(owner.repos);
  if (kept === undefined) {
    kept = new ReaderTrees();
    trees.set(owner.repos, kept);
  }
  return kept;
}
