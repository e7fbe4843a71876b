/** Journal files: creating, opening for append, and replaying them on recovery. */
import fs from 'node:fs';
import type { DatabaseState } from '../journal-types';
import { applyBatch, decodeBatch } from './apply-batch';
import { CorruptStoreError, describe } from './errors';
import { inDir, journalFileName } from './file-names';
import { readRecords, scanTail } from './record-reader';
import { fsyncDirectory, type StorageFs } from './storage-fs';

export interface JournalFile {
  readonly generation: number;
  readonly path: string;
  readonly fd: number;
  /** Bytes written and fsynced so far. */
  size: number;
}

const { O_WRONLY, O_APPEND, O_CREAT, O_EXCL, O_RDWR } = fs.constants;

/**
 * Creates the journal of a new generation. Its directory entry is fsynced before anything is
 * appended, otherwise a crash could lose the whole file even though its data were fsynced.
 */
export async function createJournalFile(
  storageFs: StorageFs,
  dir: string,
  generation: number,
): Promise<JournalFile> {
  const path = inDir(dir, journalFileName(generation));
  const fd = await storageFs.open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL, 0o644);
  try {
    await fsyncDirectory(storageFs, dir);
  } catch (error) {
    await storageFs.close(fd).catch(() => {});
    throw error;
  }
  return { generation, path, fd, size: 0 };
}

export async function openJournalForAppend(
  storageFs: StorageFs,
  dir: string,
  generation: number,
): Promise<JournalFile> {
  const path = inDir(dir, journalFileName(generation));
  const fd = await storageFs.open(path, O_WRONLY | O_APPEND);
  const { size } = await storageFs.fstat(fd);
  return { generation, path, fd, size };
}

export interface JournalReplay {
  batches: number;
  /** The journal's length once any torn tail is cut off. */
  validBytes: number;
  /** Bytes of torn tail cut off (0 if none). */
  truncatedBytes: number;
}

/**
 * Replays a journal into `state`. Only the newest journal may end in a torn record, since an
 * older one was complete and fsynced before its successor was created; the newest one's torn
 * tail is cut off (and the cut fsynced) so appends continue after the last good record.
 *
 * "Torn" means nothing valid follows the bad record. Anything else refuses to open, since
 * skipping a bad record in the middle would silently drop acknowledged writes. Limit: after a
 * power loss (not a process kill: the page cache survives those), a disk that persisted the
 * pages of the last, never-acknowledged group out of order could leave a valid record after a
 * bad one; that is refused too, conservatively, and needs the tail cut by hand at the offset
 * the error names.
 */
export async function replayJournal(
  storageFs: StorageFs,
  path: string,
  state: DatabaseState,
  isNewest: boolean,
): Promise<JournalReplay> {
  const fd = await storageFs.open(path, isNewest ? O_RDWR : 'r');
  try {
    let batches = 0;
    const read = await readRecords(storageFs, fd, (payload, offset) => {
      let ops: ReturnType<typeof decodeBatch>;
      try {
        ops = decodeBatch(payload);
      } catch (error) {
        throw new CorruptStoreError(path, offset, `the record's checksum matches but ${describe(error)}`);
      }
      applyBatch(state, ops);
      batches++;
    });
    if (read.problem === undefined) return { batches, validBytes: read.fileSize, truncatedBytes: 0 };

    if (!isNewest) {
      throw new CorruptStoreError(
        path,
        read.validEnd,
        `${read.problem}; a newer journal exists, so this cannot be the torn tail of an interrupted write`,
      );
    }
    const tail = await scanTail(storageFs, fd, read.validEnd, read.fileSize);
    if (tail.kind === 'valid-data-follows') {
      throw new CorruptStoreError(
        path,
        read.validEnd,
        `${read.problem}, yet a valid record follows at byte offset ${tail.offset}, so this is not a torn tail`,
      );
    }
    if (tail.kind === 'too-large') {
      throw new CorruptStoreError(
        path,
        read.validEnd,
        `${read.problem}, followed by ${read.fileSize - read.validEnd} bytes: too many for the torn tail of one write`,
      );
    }
    await storageFs.ftruncate(fd, read.validEnd);
    await storageFs.fsync(fd);
    return { batches, validBytes: read.validEnd, truncatedBytes: read.fileSize - read.validEnd };
  } finally {
    await storageFs.close(fd);
  }
}
