/**
 * How deep pages may be nested in a space's tree: 64 levels, far past any documentation's
 * (GitBook's own tables of contents rarely go past four or five). Without a bound, an editor
 * could nest pages thousands deep (fifty a batch), and every read of the space's content then
 * failed on a walk that deep (a stack overflow: every face answered 500, for everyone), as did
 * the next write, a Git Sync export (its SUMMARY.md alone grows with the square of the depth)
 * and the app's tree. Checked on every revision written (`buildTree`): a batch, an import, a
 * merge, a copy.
 */
import { DomainError } from '../../core/errors';
import type { StoredPage } from './stored-page';

export const MAX_PAGE_DEPTH = 64;

/**
 * Refuses (400 `invalid_position`, naming the page) a forest with a page nested deeper than
 * `MAX_PAGE_DEPTH`, top-level pages being at depth 1. Each page's depth is counted once,
 * walking up from it to a page already counted, without recursion: linear in the pages.
 */
export function checkPageDepth(pages: ReadonlyMap<string, StoredPage>): void {
  const depthOf = new Map<string, number>();
  for (const page of pages.values()) {
    const chain: StoredPage[] = [];
    let depth = 0;
    for (let at: StoredPage | undefined = page; at !== undefined; ) {
      const known = depthOf.get(at.id);
      if (known !== undefined) {
        depth = known;
        break;
      }
      chain.push(at);
      // A cycle is no forest: the operations that move pages refuse one before this.
      if (chain.length > pages.size) break;
      at = at.parentId === null ? undefined : pages.get(at.parentId);
    }
    for (let index = chain.length - 1; index >= 0; index--) {
      depth += 1;
      const each = chain[index]!;
      depthOf.set(each.id, depth);
      if (depth > MAX_PAGE_DEPTH)
        throw new DomainError(
          'invalid_position',
          `Pages may be nested at most ${MAX_PAGE_DEPTH} levels deep: "${each.title}" would be at level ${depth}`,
        );
    }
  }
}
