/**
 * A Git pack entry's header and a delta's sizes, read the one way both the received pack's
 * check (`pack-check.ts`) and the size reader of stored objects (`git-object-sizes.ts`) need.
 * `byteAt` answers the byte at an offset, or throws the caller's error past the end.
 */

export const OFS_DELTA = 6;
export const REF_DELTA = 7;

export interface PackEntryHeader {
  /** 1-4: commit, tree, blob, tag; `OFS_DELTA` or `REF_DELTA`. */
  type: number;
  /** What the entry's data inflates to (for a delta: the delta, not the object it makes). */
  size: number;
  /** Where the entry's zlib data starts, past a delta's base (offset or oid). */
  dataOffset: number;
}

/** The header of the entry starting at `start`: a type and a size in 4 + 7n bits, then a delta's base. */
export function packEntryHeader(byteAt: (at: number) => number, start: number): PackEntryHeader {
  let at = start;
  let byte = byteAt(at++);
  const type = (byte >> 4) & 0b111;
  let size = byte & 0b1111;
  let scale = 16;
  while (byte & 0x80) {
    byte = byteAt(at++);
    size += (byte & 0x7f) * scale;
    scale *= 128;
  }
  if (type === REF_DELTA) at += 20;
  else if (type === OFS_DELTA) while (byteAt(at++) & 0x80);
  return { type, size, dataOffset: at };
}

/**
 * The size of the object a delta makes: the second of the two sizes (base, result) its
 * inflated data starts with, little-endian groups of 7 bits, the high bit saying another follows.
 */
export function deltaResultSize(byteAt: (at: number) => number): number {
  let at = 0;
  let value = 0;
  for (let index = 0; index < 2; index++) {
    value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = byteAt(at++);
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80);
  }
  return value;
}
