/**
 * What an export compares the space with, to write back as it was whatever has not changed
 * since the last import: that import's revision (the newest on the space's first-parent
 * line that holds a commit), its pages by id. A page is unchanged when the import's
 * revision holds it with the same settings, place, body and blob (or, both times, none: a
 * page the table of contents lists without a file); the outline is unchanged
 * when both hold the same pages, each under the same parent, in the same order, with the
 * same title. No import within `MAX_STEPS` revisions: no baseline, every page is written anew
 * (at the path it was read from, if it was).
 */
import { type PageIndex, pageIndexOf, type RevisionRecord, type StoredPage } from '../content';
import type { DomainServices } from '../core/context';

/** How far back the last import is looked for (each step reads one revision). */
const MAX_STEPS = 500;

export async function lastImportIndex(
  services: Pick<DomainServices, 'repos'>,
  head: RevisionRecord,
): Promise<PageIndex | null> {
  let revision: RevisionRecord | null = head;
  for (let step = 0; revision && step < MAX_STEPS; step++) {
    if (revision.git !== undefined) return pageIndexOf(services, revision.tree);
    const parent: string | undefined = revision.parents[0];
    revision = parent === undefined ? null : await services.repos.revisions.findById(head.spaceId, parent);
  }
  return null;
}

const COMPARED = [
  'parentId',
  'type',
  'title',
  'slug',
  'emoji',
  'icon',
  'description',
  'hidden',
  'body',
] as const;

export function isUnchangedPage(page: StoredPage, baseline: PageIndex | null): boolean {
  const then = baseline?.pages.get(page.id);
  return (
    then !== undefined &&
    COMPARED.every((field) => then[field] === page[field]) &&
    then.git?.oid === page.git?.oid &&
    then.git?.path === page.git?.path
  );
}

export function isUnchangedOutline(index: PageIndex, baseline: PageIndex | null): boolean {
  if (!baseline || baseline.pages.size !== index.pages.size) return false;
  for (const [parent, siblings] of index.children) {
    const then = baseline.children.get(parent) ?? [];
    if (
      then.length !== siblings.length ||
      siblings.some((page, at) => then[at]?.id !== page.id || then[at]?.title !== page.title)
    )
      return false;
  }
  return true;
}
