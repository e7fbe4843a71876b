/** The pages a search found, best first, as passages are read from them. */
import type { FoundPage } from './passages';

interface SearchedSpace {
  id: string;
  pages: ReadonlyArray<{ id: string; rank?: number; sections: ReadonlyArray<{ id: string }> }>;
}

/**
 * A site search's pages by their rank across spaces; an organization search's (no rank) the
 * first of each space, then the second of each, and so on: spaces come best first.
 */
export function foundPagesOf(spaces: readonly SearchedSpace[]): FoundPage[] {
  const all = spaces.flatMap((space) =>
    space.pages.map((page, at) => ({
      order: page.rank ?? at * spaces.length + spaces.indexOf(space),
      found: { spaceId: space.id, pageId: page.id, sectionIds: page.sections.map((section) => section.id) },
    })),
  );
  all.sort((a, b) => a.order - b.order);
  return all.map(({ found }) => found);
}
