/**
 * Which source pages a run sends: a run sends only what changed since the last one. A page
 * is sent when any of these holds (rule by rule):
 *
 * 1. nothing was translated with the current basis (the first run, a new result space, or
 *    languages or instructions changed since: `translationBasisOf`): every page;
 * 2. the page is new in the source since the last run's source revision;
 * 3. its title, description or body changed since then (bodies compare by address: the
 *    same markdown, the same address);
 * 4. the result space has no page of that id (a user deleted it there).
 *
 * Otherwise the result's page is kept as it is, with any correction a user made to it.
 * A page whose only change is its place, icon or visibility is not sent: those come from
 * the source without translation.
 */
import type { PageIndex, StoredPage } from '../content';

export function changedSourcePages(subject: {
  source: PageIndex;
  /** The source as the last run translated it; null when rule 1 applies. */
  translated: PageIndex | null;
  result: PageIndex;
}): StoredPage[] {
  const { source, translated, result } = subject;
  const changed: StoredPage[] = [];
  for (const page of source.pages.values()) {
    const before = translated?.pages.get(page.id);
    if (
      before === undefined || // 1, 2
      before.title !== page.title || // 3
      before.description !== page.description ||
      before.body !== page.body ||
      !result.pages.has(page.id) // 4
    )
      changed.push(page);
  }
  return changed;
}
