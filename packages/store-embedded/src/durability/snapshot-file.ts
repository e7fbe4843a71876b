/**
 * Snapshot files: the whole `DatabaseState` as a stream of framed records (the journal's
 * framing), so writing never needs the whole file in memory and loading is a few large
 * sequential reads plus one `JSON.parse` per chunk of documents.
 *
 *   {"t":"header","format":1,"generation":g}
 *   per collection: {"t":"collection","c":name,"indexes":[...]}
 *                   {"t":"docs","c":name,"docs":[id, docJson, id, docJson, ...]}   (zero or more)
 *   {"t":"end","collections":k,"documents":n}
 *
 * The end record with its counts is what makes a snapshot complete; a file without it is
 * rejected. A snapshot only ever gets its final name after it was fsynced (temporary name,
 * fsync, rename, directory fsync), so recovery never meets a half-written one.
 */
import fs from 'node:fs';
import type { CollectionState, DatabaseState } from '../journal-types';
import { isIndexDefinition } from './apply-batch';
import { CorruptStoreError, describe } from './errors';
import { inDir, snapshotFileName, temporarySnapshotFileName } from './file-names';
import { encodeRecord } from './record-format';
import { readRecords } from './record-reader';
import { fsyncDirectory, type StorageFs, unlinkIfExists, writeAll } from './storage-fs';

const FORMAT_VERSION = 1;
/** Document text per record: big enough that per-record overhead vanishes, small enough to stream. */
const CHUNK_TEXT_CHARS = 512 * 1024;
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

type SnapshotRecord =
  | { t: 'header'; format: number; generation: number }
  | { t: 'collection'; c: string; indexes: CollectionState['indexes'] }
  | { t: 'docs'; c: string; docs: string[] }
  | { t: 'end'; collections: number; documents: number };

export interface SnapshotWritten {
  path: string;
  bytes: number;
  documents: number;
}

/**
 * Writes `state` as the snapshot of `generation` and makes it durable under its final name.
 * Awaits between buffers, so the event loop (and group commit) keeps running meanwhile; the
 * caller must hand over a state nobody mutates any more.
 */
export async function writeSnapshotFile(
  storageFs: StorageFs,
  dir: string,
  generation: number,
  state: DatabaseState,
): Promise<SnapshotWritten> {
  const temporaryPath = inDir(dir, temporarySnapshotFileName(generation));
  const finalPath = inDir(dir, snapshotFileName(generation));
  const fd = await storageFs.open(temporaryPath, 'w', 0o644);
  let bytes = 0;
  let documents = 0;
  try {
    let buffered: Buffer[] = [];
    let bufferedBytes = 0;
    const flush = async () => {
      if (bufferedBytes === 0) return;
      const data = Buffer.concat(buffered, bufferedBytes);
      buffered = [];
      bufferedBytes = 0;
      await writeAll(storageFs, fd, data, bytes);
      bytes += data.length;
    };
    const emit = async (record: SnapshotRecord) => {
      const encoded = encodeRecord(JSON.stringify(record));
      buffered.push(encoded);
      bufferedBytes += encoded.length;
      if (bufferedBytes >= WRITE_BUFFER_BYTES) await flush();
    };

    await emit({ t: 'header', format: FORMAT_VERSION, generation });
    for (const [name, collection] of state) {
      await emit({ t: 'collection', c: name, indexes: collection.indexes });
      let chunk: string[] = [];
      let chunkChars = 0;
      for (const [id, doc] of collection.docs) {
        chunk.push(id, doc);
        chunkChars += id.length + doc.length;
        documents++;
        if (chunkChars >= CHUNK_TEXT_CHARS) {
          await emit({ t: 'docs', c: name, docs: chunk });
          chunk = [];
          chunkChars = 0;
        }
      }
      if (chunk.length > 0) await emit({ t: 'docs', c: name, docs: chunk });
    }
    await emit({ t: 'end', collections: state.size, documents });
    await flush();
    await storageFs.fsync(fd);
  } catch (error) {
    await storageFs.close(fd).catch(() => {});
    await unlinkIfExists(storageFs, temporaryPath).catch(() => {});
    throw error;
  }
  await storageFs.close(fd);
  await storageFs.rename(temporaryPath, finalPath);
  await fsyncDirectory(storageFs, dir);
  return { path: finalPath, bytes, documents };
}

export interface SnapshotRead {
  state: DatabaseState;
  bytes: number;
  documents: number;
}

export async function readSnapshotFile(
  storageFs: StorageFs,
  path: string,
  expectedGeneration: number,
): Promise<SnapshotRead> {
  const fd = await storageFs.open(path, fs.constants.O_RDONLY);
  try {
    const state: DatabaseState = new Map();
    let sawHeader = false;
    // A holder object, since TypeScript does not see the callback assign it.
    const seen: { end: { collections: number; documents: number } | null } = { end: null };
    let documents = 0;
    const read = await readRecords(storageFs, fd, (payload, offset) => {
      const corrupt = (reason: string) => new CorruptStoreError(path, offset, reason);
      if (seen.end !== null) throw corrupt('a record follows the end record');
      let record: SnapshotRecord;
      try {
        record = JSON.parse(payload.toString('utf8')) as SnapshotRecord;
      } catch (error) {
        throw corrupt(`the record's checksum matches but it is not JSON (${describe(error)})`);
      }
      if (!sawHeader) {
        if (record.t !== 'header' || record.format !== FORMAT_VERSION) {
          throw corrupt(`not a version ${FORMAT_VERSION} snapshot header`);
        }
        if (record.generation !== expectedGeneration) {
          throw corrupt(`the header says generation ${record.generation}, the name ${expectedGeneration}`);
        }
        sawHeader = true;
        return;
      }
      switch (record.t) {
        case 'collection':
          if (typeof record.c !== 'string' || !Array.isArray(record.indexes))
            throw corrupt('bad collection record');
          if (!record.indexes.every(isIndexDefinition)) throw corrupt('bad index definition');
          if (state.has(record.c)) throw corrupt(`collection ${record.c} appears twice`);
          state.set(record.c, { docs: new Map(), indexes: record.indexes });
          return;
        case 'docs': {
          const docs = state.get(record.c)?.docs;
          if (docs === undefined || !Array.isArray(record.docs) || record.docs.length % 2 !== 0) {
            throw corrupt('bad documents record');
          }
          const pairs = record.docs;
          for (let i = 0; i < pairs.length; i += 2) docs.set(pairs[i]!, pairs[i + 1]!);
          documents += pairs.length / 2;
          return;
        }
        case 'end':
          seen.end = { collections: record.collections, documents: record.documents };
          return;
        default:
          throw corrupt(`unknown record type ${JSON.stringify((record as { t?: unknown }).t)}`);
      }
    });
    if (read.problem !== undefined) throw new CorruptStoreError(path, read.validEnd, read.problem);
    if (seen.end === null) throw new CorruptStoreError(path, read.validEnd, 'the snapshot has no end record');
    const { collections, documents: expectedDocuments } = seen.end;
    if (collections !== state.size || expectedDocuments !== documents) {
      throw new CorruptStoreError(
        path,
        read.validEnd,
        `the end record counts ${collections} collections and ${expectedDocuments} documents, ` +
          `the file holds ${state.size} and ${documents}`,
      );
    }
    return { state, bytes: read.fileSize, documents };
  } finally {
    await storageFs.close(fd);
  }
}
