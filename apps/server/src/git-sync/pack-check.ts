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

const OFS_DELTA = 6;
const REF_DELTA = 7;
const TYPES = new Set([1, 2, 3, 4, OFS_DELTA, REF_DELTA]);

export function checkPack(pack: Buffer, maxObjectBytes: number): void {
  if (pack.length < 32 || pack.toString('latin1', 0, 4) !== 'PACK' || pack.readUInt32BE(4) !== 2)
    throw corrupt();
  const count = pack.readUInt32BE(8);
  let at = 12;
  for (let index = 0; index < count; index++) {
    let byte = byteAt(pack, at++);
    const type = (byte >> 4) & 0b111;
    if (!TYPES.has(type)) throw corrupt();
    let size = byte & 0b1111;
    let scale = 16;
    while (byte & 0x80) {
      byte = byteAt(pack, at++);
      size += (byte & 0x7f) * scale;
      scale *= 128;
    }
    if (type === REF_DELTA) at += 20;
    else if (type === OFS_DELTA) while (byteAt(pack, at++) & 0x80);
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
      const made = deltaResultSize(inflated.buffer);
      if (made > maxObjectBytes) throw tooLarge(made, maxObjectBytes);
    }
    at += inflated.engine.bytesWritten;
  }
}

/** A delta's second size: the object it makes. */
function deltaResultSize(delta: Buffer): number {
  let at = 0;
  let value = 0;
  for (let index = 0; index < 2; index++) {
    value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = byteAt(delta, at++);
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80);
  }
  return value;
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
