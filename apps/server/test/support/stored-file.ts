/**
 * A file in a space's content before any operation can insert one: a new revision of the
 * space's head with the file added, written past the rules through the repositories as the
 * revision writer writes (objects, then the record, then the pointer by compare-and-swap).
 * The bytes are not stored: the reads of file metadata never open them.
 */
import { createHash } from 'node:crypto';
import { contentAddressOf, type DomainServices, type FileEntry, type FilesObject } from '@quire/domain';

export interface StoredFile {
  fileId: string;
  /** The revision that added it, now the space's head. */
  revisionId: string;
}

export async function storeFileInSpace(
  services: Pick<DomainServices, 'repos' | 'ids' | 'clock'>,
  spaceId: string,
  file: NewStoredFile,
): Promise<StoredFile> {
  const { fileIds, revisionId } = await storeFilesInSpace(services, spaceId, [file]);
  return { fileId: fileIds[0]!, revisionId };
}

type NewStoredFile = Pick<FileEntry, 'name' | 'contentType'> & {
  bytes: Buffer;
  dimensions?: FileEntry['dimensions'];
};

/** `files` added to the space's head in one new revision (their ids in the order given). */
export async function storeFilesInSpace(
  services: Pick<DomainServices, 'repos' | 'ids' | 'clock'>,
  spaceId: string,
  files: readonly NewStoredFile[],
): Promise<{ fileIds: string[]; revisionId: string }> {
  const { repos } = services;
  const space = await repos.spaces.findById(spaceId);
  const head = space?.revisionId ? await repos.revisions.findById(spaceId, space.revisionId) : null;
  if (!space?.revisionId || !head) throw new Error(`storeFileInSpace: space ${spaceId} has no head revision`);
  const headFiles = (await repos.contentObjects.getMany([head.files])).get(head.files);
  if (headFiles?.kind !== 'files') throw new Error(`storeFileInSpace: files object ${head.files} is missing`);
  const entries: FileEntry[] = files.map((file) => ({
    id: services.ids.newId(),
    name: file.name,
    contentType: file.contentType,
    size: file.bytes.byteLength,
    hash: createHash('sha256').update(file.bytes).digest('hex'),
    ...(file.dimensions ? { dimensions: file.dimensions } : {}),
  }));
  const stored: FilesObject = {
    kind: 'files',
    files: [...headFiles.files, ...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  };
  const address = contentAddressOf(stored);
  await repos.contentObjects.putMany(new Map([[address, stored]]));
  const revisionId = services.ids.newId();
  await repos.revisions.insert({
    ...head,
    id: revisionId,
    parents: [head.id],
    files: address,
    kind: 'edits',
    createdAt: services.clock.now().toISOString(),
  });
  if (!(await repos.spaces.moveRevision(spaceId, head.id, revisionId))) {
    throw new Error(`storeFileInSpace: space ${spaceId} moved on meanwhile`);
  }
  return { fileIds: entries.map((entry) => entry.id), revisionId };
}
