/**
 * The write path's side of stored documents (`stored-documents.ts`): once a space moves to a
 * new revision, the documents of its bodies that have none yet (its document pages' and its
 * reusable contents') are derived and stored, so the first reader of each page, in any
 * process, reads it instead of converting it. Best effort and after the write: a reader that
 * comes first, or after a crash before this ran, derives what it reads itself.
 */
import type { DomainServices } from '../../core/context';
import { reusableContentsOf } from '../reusable-contents/revision-extras';
import { pageIndexOf } from './page-index';
import { pageTypeOf } from './page-types';
import { type DocumentWarmupOptions, deriveMissingDocuments } from './stored-documents';

/** Derives the missing documents of revision `revisionId` of `spaceId`; how many were derived. */
export async function deriveRevisionDocuments(
  services: Pick<DomainServices, 'repos'>,
  spaceId: string,
  revisionId: string,
  options: DocumentWarmupOptions = {},
): Promise<number> {
  const revision = await services.repos.revisions.findById(spaceId, revisionId);
  if (!revision) throw new Error(`revision ${revisionId} of space ${spaceId} is missing`);
  const index = await pageIndexOf(services, revision.tree);
  const bodies = [...index.pages.values()]
    .filter((page) => pageTypeOf(page) === 'document')
    .map((page) => page.body);
  for (const content of (await reusableContentsOf(services, revision)).values()) bodies.push(content.body);
  return deriveMissingDocuments(services, bodies, options);
}
