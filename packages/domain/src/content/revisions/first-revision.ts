/**
 * The first revision of a space made before content existed (its record names no
 * revision). Nothing needs to be read to know it: no parents, no pages, no files, the
 * space's id as its id, the space's creation as its date (its content has been empty since),
 * made by nobody known (''). Reads answer it as it is and store nothing (a read never
 * writes); the first write to the space stores this same record (`storedSpaceHead`), so the
 * revision a read named before is the one stored afterwards, same id, same content.
 */
import type { DomainServices } from '../../core/context';
import type { SpaceRecord } from '../spaces/records';
import { addressOf } from './content-address';
import { emptyTree } from './page-tree';
import type { ContentObject, FilesObject, RevisionRecord } from './records';

const EMPTY_TREE = emptyTree();
const EMPTY_FILES: FilesObject = { kind: 'files', files: [] };
/** The address of the files object of a revision without files. */
export const EMPTY_FILES_ADDRESS = addressOf(EMPTY_FILES);

/** The objects the first revision points at (stored with it). */
export const firstRevisionObjects = (): Map<string, ContentObject> =>
  new Map<string, ContentObject>([
    [EMPTY_TREE.address, EMPTY_TREE.object],
    [EMPTY_FILES_ADDRESS, EMPTY_FILES],
  ]);

export type SpaceOfRevisions = Pick<SpaceRecord, 'id' | 'organizationId' | 'createdAt' | 'revisionId'>;

/** The first revision of a space that names none, as reads answer it and the first write stores it. */
export function unwrittenFirstRevision(space: SpaceOfRevisions): RevisionRecord {
  return {
    id: space.id,
    spaceId: space.id,
    organizationId: space.organizationId,
    parents: [],
    depth: 0,
    tree: EMPTY_TREE.address,
    files: EMPTY_FILES_ADDRESS,
    kind: 'initial',
    createdBy: '',
    createdAt: space.createdAt,
  };
}

/** Revision `id` of the space: the stored one, or its unwritten first revision while it names none. */
export async function findRevision(
  services: Pick<DomainServices, 'repos'>,
  space: SpaceOfRevisions,
  id: string,
): Promise<RevisionRecord | null> {
  const stored = await services.repos.revisions.findById(space.id, id);
  if (stored) return stored;
  return space.revisionId === undefined && id === space.id ? unwrittenFirstRevision(space) : null;
}
