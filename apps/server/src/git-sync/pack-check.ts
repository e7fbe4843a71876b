/**
 * A received pack checked before isomorphic-git indexes it: indexing inflates every object
 * in memory, so one small pack holding a blob that inflates to gigabytes would take the
 * server down. Each entry's header declares the size of what it inflates to (for a delta,
 * the delta's own header then declares the object it makes): a declared size over
 * `maxObjectBytes` refuses the pack unread; the entry is then inflated with its output
 * capped at the size declared, so a stream lying about its size is refused too (and the
 * entry's end is found, where the next one starts).
 */

import { constants, inflateSync } from 'node:zlib';
import { GitRepositoryError } from '@quire/domain';
import { deltaResultSize, OFS_DELTA, packEntryHeader, REF_DELTA } from './pack-entry-header';

const TYPES = new Set([1, 2, 3, 4, OFS_DELTA, REF_DELTA]);

export function checkPack(pack: Buffer, maxObjectBytes: number): void {
  if (pack.length < 32 || pack.toString('latin1', 0, 4) !== 'PACK' || pack.readUInt32BE(4) !== 2)
    throw corrupt();
  const count = pack.readUInt32BE(8);
  let at = 12;
  for (let index = 0; index < count; index++) {
    const { type, size, dataOffset } = packEntryHeader((offset) => byteAt(pack, offset), at);
    if (!TYPES.has(type)) throw corrupt();
    at = dataOffset;
    if (size > maxObjectBytes) throw tooLarge(size, maxObjectBytes);
    let inflated: { buffer: Buffer; engine: { bytesWritten: number } };
    try {
      inflated = inflateSync(pack.subarray(at), {
        info: true,
        maxOutputLength: Math.max(size, 1),
        finishFlush: constants.Z_FINISH,
      }) as unknown as typeof inflated;
    } catch {
      throw corrupt();
    }
    if (inflated.buffer.length !== size) throw corrupt();
    if (type === OFS_DELTA || type === REF_DELTA) {
      const made = deltaResultSize((offset) => byteAt(inflated.buffer, offset));
      if (made > maxObjectBytes) throw tooLarge(made, maxObjectBytes);
    }
    at += inflated.engine.bytesWritten;
  }
}

function byteAt(buffer: Buffer, at: number): number {
  const byte = buffer[at];
  if (byte === undefined) throw corrupt();
  return byte;
}

const corrupt = () =>
  new GitRepositoryError('unreachable', 'The repository sent an answer that is not a Git pack');

const tooLarge = (size: number, max: number) =>
  new GitRepositoryError(
    'invalid-content',
    `The repository holds an object of ${size} bytes, more than the ${max} allowed (QUIRE_FILE_MAX_BYTES)`,
  );
