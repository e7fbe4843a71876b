/**
 * Rebuilds the state from a store directory: the newest snapshot, then every journal from the
 * snapshot's generation on, in order. Also tidies what interrupted work left behind: partial
 * snapshot files, a torn journal tail, files a finished compaction had not yet deleted.
 */
import type { DatabaseState } from '../journal-types';
import { CorruptStoreError } from './errors';
import { classifyStoreFiles, inDir, journalFileName, snapshotFileName } from './file-names';
import { replayJournal } from './journal-file';
import { readSnapshotFile } from './snapshot-file';
import { fsyncDirectory, type StorageFs, unlinkIfExists } from './storage-fs';

export interface RecoveredStore {
  state: DatabaseState;
  /** Generation of the newest journal, the one to append to; it may not exist yet (see `journalExists`). */
  journalGeneration: number;
  journalExists: boolean;
  /** Size of the newest journal after any torn tail was cut. */
  journalBytes: number;
  /** Size of the snapshot the state started from; 0 without one. */
  snapshotBytes: number;
  report: RecoveryReport;
}

export interface RecoveryReport {
  snapshotGeneration: number | null;
  snapshotDocuments: number;
  journalsReplayed: number;
  batchesReplayed: number;
  tornBytesTruncated: number;
  filesRemoved: string[];
}

export async function recoverStore(storageFs: StorageFs, dir: string): Promise<RecoveredStore> {
  const files = classifyStoreFiles(await storageFs.readdir(dir));
  const filesRemoved: string[] = [];
  const remove = async (name: string) => {
    await unlinkIfExists(storageFs, inDir(dir, name));
    filesRemoved.push(name);
  };

  // Snapshots are renamed into place only once complete and fsynced, so the newest one is the
  // base; temporary files are snapshots that never got there.
  for (const name of files.temporary) await remove(name);
  const baseGeneration = files.snapshots.at(-1) ?? null;
  const firstGeneration = baseGeneration ?? 1;
  const journals = files.journals.filter((generation) => generation >= firstGeneration);
  journals.forEach((generation, position) => {
    if (generation !== firstGeneration + position) {
      const expected = firstGeneration + position;
      throw new CorruptStoreError(
        inDir(dir, journalFileName(expected)),
        0,
        `the journal is missing (found ${journals.map(journalFileName).join(', ')}` +
          `${baseGeneration === null ? ' and no snapshot' : ` after ${snapshotFileName(baseGeneration)}`})`,
      );
    }
  });

  let state: DatabaseState = new Map();
  let snapshotBytes = 0;
  let snapshotDocuments = 0;
  if (baseGeneration !== null) {
    const snapshot = await readSnapshotFile(
      storageFs,
      inDir(dir, snapshotFileName(baseGeneration)),
      baseGeneration,
    );
    state = snapshot.state;
    snapshotBytes = snapshot.bytes;
    snapshotDocuments = snapshot.documents;
  }

  let batchesReplayed = 0;
  let tornBytesTruncated = 0;
  let journalBytes = 0;
  for (const [position, generation] of journals.entries()) {
    const isNewest = position === journals.length - 1;
    const replay = await replayJournal(storageFs, inDir(dir, journalFileName(generation)), state, isNewest);
    batchesReplayed += replay.batches;
    tornBytesTruncated += replay.truncatedBytes;
    if (isNewest) journalBytes = replay.validBytes;
  }

  // Only now that the state is rebuilt: whatever the base snapshot covers is redundant.
  for (const generation of files.journals)
    if (generation < firstGeneration) await remove(journalFileName(generation));
  for (const generation of files.snapshots) {
    if (generation !== baseGeneration) await remove(snapshotFileName(generation));
  }
  if (filesRemoved.length > 0) await fsyncDirectory(storageFs, dir);

  return {
    state,
    journalGeneration: journals.at(-1) ?? firstGeneration,
    journalExists: journals.length > 0,
    journalBytes,
    snapshotBytes,
    report: {
      snapshotGeneration: baseGeneration,
      snapshotDocuments,
      journalsReplayed: journals.length,
      batchesReplayed,
      tornBytesTruncated,
      filesRemoved,
    },
  };
}
