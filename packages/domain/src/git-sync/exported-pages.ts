/** A revision's pages as an export writes them: the tree in order, each with its stored markdown. */

import { loadBodies, type PageIndex } from '../content';
import type { DomainServices } from '../core/context';
import type { GitExportedPage } from '../core/ports/git-repositories';

export async function exportedPagesOf(
  services: Pick<DomainServices, 'repos'>,
  index: PageIndex,
): Promise<GitExportedPage[]> {
  const markdownOf = await loadBodies(
    services,
    [...index.pages.values()].map((page) => page.body),
  );
  const level = (parentId: string | null): GitExportedPage[] =>
    (index.children.get(parentId) ?? []).map((page) => ({
      id: page.id,
      title: page.title,
      slug: page.slug,
      ...(page.description !== undefined ? { description: page.description } : {}),
      ...(page.icon !== undefined ? { icon: page.icon } : {}),
      ...(page.emoji !== undefined ? { emoji: page.emoji } : {}),
      hidden: page.hidden,
      markdown: markdownOf.get(page.body) ?? '',
      children: level(page.id),
    }));
  return level(null);
}
