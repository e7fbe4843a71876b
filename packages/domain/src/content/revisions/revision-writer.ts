/**
 * Writing revisions. The order makes a crash harmless: the objects first, then the revision
 * record, then (for a space) the pointer by compare-and-swap. A crash before the pointer
 * moves leaves objects and a record nobody points at, never a space pointing at something
 * half-written.
 */

import type { DomainServices } from '../../core/context';
import { extrasAddresses, type RevisionExtras } from '../reusable-contents/revision-extras';
import type { SpaceRecord } from '../spaces/records';
import { addressOf } from './content-address';
import { firstRevisionObjects, type SpaceOfRevisions, unwrittenFirstRevision } from './first-revision';
import { buildTree, emptyTree, gitBlobOf } from './page-tree';
import type {
  ContentObject,
  FileEntry,
  FilesObject,
  RevisionGitCommit,
  RevisionKind,
  RevisionRecord,
} from './records';
import type { StoredPages } from './stored-page';

export interface NewRevision {
  space: Pick<SpaceRecord, 'id' | 'organizationId'>;
  /** The revisions it is made from; the first is the one its line continues. */
  parents: RevisionRecord[];
  kind: RevisionKind;
  createdBy: string;
  changeRequestId?: string;
  pages: StoredPages;
  files: readonly FileEntry[];
  /** Bodies (and any other objects) the new pages refer to that may not be stored yet. */
  objects?: ReadonlyMap<string, ContentObject>;
  /** The Git commit it holds (a Git Sync import). */
  git?: RevisionGitCommit;
  /**
   * Its reusable contents and the space's variables (`reusable-contents/revision-extras.ts`);
   * absent: the first parent's, so a writer that knows nothing of them keeps them.
   */
  extras?: RevisionExtras;
}

/** Stores the objects and the record of a revision; moves no pointer. */
export async function writeRevision(
  services: DomainServices,
  revision: NewRevision,
): Promise<RevisionRecord> {
  const { tree, objects } = buildTree(revision.pages);
  const files = filesObject(revision.files);
  const filesAddress = addressOf(files);
  const all = new Map<string, ContentObject>(revision.objects ?? []);
  for (const [address, object] of objects) all.set(address, object);
  all.set(filesAddress, files);
  const extras = extrasAddresses(revision.extras, revision.parents[0], all);
  await services.repos.contentObjects.putMany(all);
  const record: RevisionRecord = {
    id: services.ids.newId(),
    spaceId: revision.space.id,
    organizationId: revision.space.organizationId,
    parents: revision.parents.map((parent) => parent.id),
    depth: revision.parents[0] ? revision.parents[0].depth + 1 : 0,
    tree,
    files: filesAddress,
    ...extras,
    kind: revision.kind,
    createdBy: revision.createdBy,
    createdAt: services.clock.now().toISOString(),
    ...(revision.changeRequestId !== undefined ? { changeRequestId: revision.changeRequestId } : {}),
    ...(revision.git !== undefined ? { git: revision.git } : {}),
  };
  await services.repos.revisions.insert(record);
  return record;
}

/** The files object, with its entries in id order (one set of files, one address). */
export function filesObject(files: readonly FileEntry[]): FilesObject {
  const sorted = [...files].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    kind: 'files',
    files: sorted.map((file) => ({
      id: file.id,
      name: file.name,
      contentType: file.contentType,
      size: file.size,
      hash: file.hash,
      ...(file.dimensions
        ? { dimensions: { width: file.dimensions.width, height: file.dimensions.height } }
        : {}),
      ...(file.git ? { git: gitBlobOf(file.git) } : {}),
    })),
  };
}

/**
 * The revision a space points at, for reading: a space made before content existed points at
 * none, and answers its first revision unwritten (`unwrittenFirstRevision`): a read never
 * writes.
 */
export async function spaceHead(
  services: Pick<DomainServices, 'repos'>,
  space: SpaceOfRevisions,
): Promise<RevisionRecord> {
  if (space.revisionId === undefined) return unwrittenFirstRevision(space);
  const head = await services.repos.revisions.findById(space.id, space.revisionId);
  if (!head) throw new Error(`space ${space.id} points at revision ${space.revisionId}, which is missing`);
  return head;
}

/**
 * The revision a space points at, for a write that makes a revision from it or names it
 * (its parents, a change request's base): a space made before content existed has its
 * first revision stored now, the one reads answered (`unwrittenFirstRevision`), and points
 * at it by compare-and-swap (of two writes doing this at once, the loser reads the winner's).
 */
export async function storedSpaceHead(
  services: Pick<DomainServices, 'repos'>,
  space: SpaceOfRevisions,
): Promise<RevisionRecord> {
  if (space.revisionId !== undefined) return spaceHead(services, space);
  const first = unwrittenFirstRevision(space);
  await services.repos.contentObjects.putMany(firstRevisionObjects());
  await services.repos.revisions.insert(first);
  if (await services.repos.spaces.moveRevision(space.id, undefined, first.id)) return first;
  const current = await services.repos.spaces.findById(space.id);
  if (!current) throw new Error(`space ${space.id} is missing`);
  return spaceHead(services, current);
}

/** A space's first revision: no pages, no files, no parents. */
export function writeFirstRevision(
  services: DomainServices,
  space: Pick<SpaceRecord, 'id' | 'organizationId'>,
  createdBy: string,
): Promise<RevisionRecord> {
  const tree = emptyTree();
  return writeRevision(services, {
    space,
    parents: [],
    kind: 'initial',
    createdBy,
    pages: new Map(),
    files: [],
    objects: new Map([[tree.address, tree.object]]),
  });
}
