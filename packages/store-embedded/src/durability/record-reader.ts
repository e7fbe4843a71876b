/**
 * Streams the records of a journal or snapshot file in large chunks, so a file far bigger
 * than one buffer (a 1M-document snapshot, a journal of many megabytes) loads in a few
 * sequential reads without holding the whole file in memory.
 */
import { findNextValidRecord, RECORD_HEADER_BYTES, recordAt } from './record-format';
import { readFully, type StorageFs } from './storage-fs';

const CHUNK_BYTES = 8 * 1024 * 1024;
/** Past this, a bad region is not the tail of one interrupted write; see `scanTail`. */
const MAX_TAIL_SCAN_BYTES = 512 * 1024 * 1024;

export interface RecordsRead {
  fileSize: number;
  /** Offset just past the last valid record read. */
  validEnd: number;
  /** Why reading stopped before `fileSize`, if it did: the bytes at `validEnd` are not a valid record. */
  problem?: string;
}

/**
 * Calls `onRecord` with each valid record's payload and offset, in order, until the end of the
 * file or the first bad record. `payload` is a view of a reused buffer: decode it before
 * returning.
 */
export async function readRecords(
  storageFs: StorageFs,
  fd: number,
  onRecord: (payload: Buffer, offset: number) => void,
): Promise<RecordsRead> {
  const fileSize = (await storageFs.fstat(fd)).size;
  let buffer = Buffer.alloc(0);
  let bufferStart = 0;
  let position = 0;
  for (;;) {
    const offset = bufferStart + position;
    if (offset === fileSize) return { fileSize, validEnd: offset };
    const decoded = recordAt(buffer, position);
    if (decoded.kind === 'record') {
      onRecord(decoded.payload, offset);
      position = decoded.end;
      continue;
    }
    if (decoded.kind === 'invalid') return { fileSize, validEnd: offset, problem: decoded.reason };
    if (offset + decoded.need > fileSize) {
      const problem =
        decoded.need === RECORD_HEADER_BYTES
          ? 'truncated record header'
          : 'record payload runs past the end of the file';
      return { fileSize, validEnd: offset, problem };
    }
    // Refill: keep the partial record, read at least enough to complete it.
    const kept = buffer.subarray(position);
    const size = Math.max(CHUNK_BYTES, decoded.need);
    const toRead = Math.min(size - kept.length, fileSize - offset - kept.length);
    const next = Buffer.allocUnsafe(kept.length + toRead);
    kept.copy(next);
    await readFully(storageFs, fd, next, kept.length, toRead, offset + kept.length);
    buffer = next;
    bufferStart = offset;
    position = 0;
  }
}

export type TailScan =
  /** Nothing valid follows: the bad bytes are the tail of an interrupted append. */
  | { kind: 'torn' }
  | { kind: 'valid-data-follows'; offset: number }
  /** Too large to be one interrupted append, so it cannot be dismissed as torn. */
  | { kind: 'too-large' };

/**
 * After a bad record at `badOffset`, looks for any valid record later in the file. An
 * interrupted append leaves only garbage there: a short header, a short payload, a checksum
 * mismatch, or zeros where the file grew but the data never reached the disk.
 */
export async function scanTail(
  storageFs: StorageFs,
  fd: number,
  badOffset: number,
  fileSize: number,
): Promise<TailScan> {
  const tailBytes = fileSize - badOffset;
  if (tailBytes > MAX_TAIL_SCAN_BYTES) return { kind: 'too-large' };
  const tail = Buffer.allocUnsafe(tailBytes);
  await readFully(storageFs, fd, tail, 0, tailBytes, badOffset);
  const found = findNextValidRecord(tail, 1);
  return found < 0 ? { kind: 'torn' } : { kind: 'valid-data-follows', offset: badOffset + found };
}
