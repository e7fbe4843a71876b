/**
 * A revision's content as the read operations need it: the revision a request names (the
 * space's head, or one of its revisions by id), its pages and its files.
 */
import type { DomainServices, OperationContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { findChangeRequestOf } from '../../policies/authorize-change-request';
import { authorizeSpace } from '../../policies/authorize-space';
import { siteTokenMayReadRevision } from '../../policies/site-token-access';
import { filesForCaller } from '../reusable-contents/shown-references';
import type { SpaceRecord } from '../spaces/records';
import { EMPTY_FILES_ADDRESS, findRevision } from './first-revision';
import { type PageIndex, pageIndexOf } from './page-index';
import type { FileEntry, RevisionRecord } from './records';
import { spaceHead } from './revision-writer';

/** Which content a read names: the space's current content, one of its revisions, or a change request's. */
export interface ContentSource {
  spaceId: string;
  revisionId?: string | undefined;
  changeRequestId?: string | undefined;
}

/**
 * The revision a read names, of a space the caller can view: `revisionId`, else the head
 * of change request `changeRequestId` (its id or number), else the space's head. A space,
 * revision or change request the caller cannot see: 404 (one of another space too; for a
 * site API token, a revision the space did not publish: `siteTokenMayReadRevision`).
 */
export async function viewableRevision(
  ctx: OperationContext,
  source: ContentSource,
): Promise<{ space: SpaceRecord; revision: RevisionRecord }> {
  const { space } = await authorizeSpace(ctx, source.spaceId, 'view');
  const revisionId =
    source.revisionId ??
    (source.changeRequestId === undefined
      ? undefined
      : (await findChangeRequestOf(ctx, space, source.changeRequestId)).revision);
  if (revisionId === undefined) return { space, revision: await spaceHead(ctx, space) };
  const revision = await findRevision(ctx, space, revisionId);
  if (!revision) throw notFound('Revision');
  // A site API token's visitor reads published revisions only, never a change request's.
  if (ctx.caller?.site !== undefined && !(await siteTokenMayReadRevision(ctx, space, revision)))
    throw notFound('Revision');
  return { space, revision };
}

/** The pages of a revision and the files the caller is shown (`callerFilesOf`). */
export async function contentOf(
  ctx: OperationContext,
  revision: RevisionRecord,
): Promise<{ index: PageIndex; files: FileEntry[] }> {
  const [index, files] = await Promise.all([pageIndexOf(ctx, revision.tree), callerFilesOf(ctx, revision)]);
  return { index, files };
}

/**
 * The files of a revision the caller is shown: all of them, but to a site API token's visitor
 * only those the content they read references (rule 9 of `policies/site-token-access.ts`).
 */
export async function callerFilesOf(ctx: OperationContext, revision: RevisionRecord): Promise<FileEntry[]> {
  return filesForCaller(ctx, revision, await filesOf(ctx, revision));
}

export async function filesOf(
  ctx: Pick<DomainServices, 'repos'>,
  revision: RevisionRecord,
): Promise<FileEntry[]> {
  // Known without reading: a space's unwritten first revision points at it (not stored).
  if (revision.files === EMPTY_FILES_ADDRESS) return [];
  const objects = await ctx.repos.contentObjects.getMany([revision.files]);
  const files = objects.get(revision.files);
  if (files?.kind !== 'files') throw new Error(`files object ${revision.files} is missing`);
  return files.files;
}
