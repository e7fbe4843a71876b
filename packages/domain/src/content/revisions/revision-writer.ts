/**
 * Writing revisions. The order makes a crash harmless: the objects first, then the revision
 * record, then (for a space) the pointer by compare-and-swap. A crash before the pointer
 * moves leaves objects and a record nobody points at, never a space pointing at something
 * half-written.
 */

import type { DomainServices } from '../../core/context';
import type { SpaceRecord } from '../spaces/records';
import { addressOf } from './content-address';
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
  await services.repos.contentObjects.putMany(all);
  const record: RevisionRecord = {
    id: services.ids.newId(),
    spaceId: revision.space.id,
    organizationId: revision.space.organizationId,
    parents: revision.parents.map((parent) => parent.id),
    depth: revision.parents[0] ? revision.parents[0].depth + 1 : 0,
    tree,
    files: filesAddress,
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
 * The revision a space points at. A space made before content existed points at none: its
 * first, empty revision is written now and the space pointed at it by compare-and-swap (of
 * two requests doing this at once, the loser reads the winner's).
 */
export async function spaceHead(
  services: DomainServices,
  space: Pick<SpaceRecord, 'id' | 'organizationId' | 'revisionId'>,
  createdBy: string,
): Promise<RevisionRecord> {
  if (space.revisionId) {
    const head = await services.repos.revisions.findById(space.id, space.revisionId);
    if (head) return head;
  }
  const first = await writeFirstRevision(services, space, createdBy);
  if (await services.repos.spaces.moveRevision(space.id, space.revisionId, first.id)) return first;
  const current = await services.repos.spaces.findById(space.id);
  const head = current?.revisionId
    ? await services.repos.revisions.findById(space.id, current.revisionId)
    : null;
  if (!head) throw new Error(`space ${space.id} has no readable revision`);
  return head;
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
