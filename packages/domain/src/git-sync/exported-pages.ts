/**
 * A revision's pages as an export writes them: the tree in order, each with its stored
 * markdown, the file it was read from, and whether it is unchanged since the last import
 * (`baseline`: `lastImportIndex`).
 */

import { loadBodies, type PageIndex } from '../content';
import type { DomainServices } from '../core/context';
import { isUnchangedPage } from './export-baseline';
import type { GitExportedPage } from './git-repositories';

export async function exportedPagesOf(
  services: Pick<DomainServices, 'repos'>,
  index: PageIndex,
  baseline: PageIndex | null = null,
): Promise<GitExportedPage[]> {
  const markdownOf = await loadBodies(
    services,
    [...index.pages.values()].map((page) => page.body),
  );
  const level = (parentId: string | null): GitExportedPage[] =>
    (index.children.get(parentId) ?? []).map((page) => ({
      id: page.id,
      ...(page.type !== undefined ? { type: page.type } : {}),
      ...(page.target?.kind === 'url' ? { href: page.target.url } : {}),
      title: page.title,
      slug: page.slug,
      ...(page.description !== undefined ? { description: page.description } : {}),
      ...(page.icon !== undefined ? { icon: page.icon } : {}),
      ...(page.emoji !== undefined ? { emoji: page.emoji } : {}),
      hidden: page.hidden,
      markdown: markdownOf.get(page.body) ?? '',
      children: level(page.id),
      ...(page.git ? { git: { oid: page.git.oid, path: page.git.path } } : {}),
      ...(isUnchangedPage(page, baseline) ? { unchanged: true } : {}),
    }));
  return level(null);
}
