/**
 * The visitor conditions a rendered page reads, so its render key names the visitor by what
 * those conditions say of them rather than by their claims. A key holding the claims themselves
 * made any `visitor.*` parameter (taken on every site, read by nothing) a new key and a new
 * render: a page's render cost repeated at will. What a page shows of its visitor is decided
 * by conditions only: the site's sections' and site spaces' (already in the key through the
 * published view the visitor is shown, `siteVersionOf`) and the `if` blocks of the page and of
 * the reusable contents it includes (decided by the page read and by the reader). Those are
 * recorded while the page renders (`conditions-read.ts`) and kept here per page of a revision;
 * the key then holds one bit per condition, whether it holds for the visitor.
 *
 * The bits name the output exactly: rendering walks the document in one order, and which
 * condition it tests next depends only on the results before, so two visitors whose results
 * agree on every condition kept read the same conditions and are shown the same page. A render
 * that tests a condition not kept yet (one inside a branch no earlier visitor opened) adds it,
 * and its output is kept under the key naming the longer list; the list only grows, to every
 * condition of the page at most.
 */
import { createHash } from 'node:crypto';
import { BoundedCache } from '@quire/domain';

/**
 * At most this many conditions are keyed one bit each: a page with more (an author's doing:
 * a real page has a few) is keyed by the visitor's whole claims, as every page was before,
 * rather than testing hundreds of conditions on every request of it.
 */
export const MAX_KEYED_CONDITIONS = 256;

/** The conditions known of a page: their texts, sorted, and a short name of that list. */
export type PageConditions =
  | { overflow: false; expressions: readonly string[]; id: string }
  /** More than `MAX_KEYED_CONDITIONS`: the key holds the claims. */
  | { overflow: true };

/** The conditions of each page of a revision, by `revision/page`. */
export type PageConditionsKept = BoundedCache<string, PageConditions>;

const byOwner = new WeakMap<object, PageConditionsKept>();

export function pageConditionsOf(owner: object): PageConditionsKept {
  let kept = byOwner.get(owner);
  if (!kept) {
    kept = new BoundedCache<string, PageConditions>({
      // As many pages as the spec slugs keep (`page-spec-versions.ts`), and by the conditions'
      // text: 256 conditions of up to 1 KB each is a quarter of a megabyte for one page.
      maxEntries: 50_000,
      maxWeight: 16 * 1024 * 1024,
      weigh: (conditions) =>
        64 +
        (conditions.overflow ? 0 : conditions.expressions.reduce((sum, text) => sum + text.length * 2, 0)),
    });
    byOwner.set(owner, kept);
  }
  return kept;
}

const listOf = (expressions: readonly string[]): PageConditions => ({
  overflow: false,
  expressions,
  id: createHash('sha256').update(JSON.stringify(expressions)).digest('hex').slice(0, 32),
});

/** No condition known (a page that reads none). */
export const NO_CONDITIONS: PageConditions = listOf([]);

/** The conditions known with those a render read added; the same object when it read nothing new. */
export function conditionsWith(known: PageConditions | undefined, read: ReadonlySet<string>): PageConditions {
  const base = known ?? NO_CONDITIONS;
  if (base.overflow) return base;
  const added = [...read].filter((expression) => !base.expressions.includes(expression));
  if (added.length === 0) return base;
  const all = [...base.expressions, ...added].sort();
  return all.length > MAX_KEYED_CONDITIONS ? { overflow: true } : listOf(all);
}

/**
 * The visitor's part of a page's key: which known conditions hold for them (one bit each,
 * under the list's name), or their claims when the page has too many conditions to key.
 */
export function visitorKeyOf(
  conditions: PageConditions,
  holds: (expression: string) => boolean,
  claims: Record<string, unknown>,
): unknown {
  if (conditions.overflow) return { claims };
  let bits = '';
  for (const expression of conditions.expressions) bits += holds(expression) ? '1' : '0';
  return { conditions: conditions.id, holds: bits };
}
