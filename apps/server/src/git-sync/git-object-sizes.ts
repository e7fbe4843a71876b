/**
 * The size of a Git object without reading it whole, so an import can refuse a file, or a
 * total, before it inflates anything (isomorphic-git has no such query: `readBlob` and
 * `readObject` inflate the object, and resolve its deltas, in memory).
 *
 * - A loose object (`objects/ab/cdef…`) is zlib of `<type> <size>\0<content>`: the first
 *   bytes of the file, inflated, hold the size.
 * - A packed object is found through the packs' indexes (`objects/pack/*.idx`, version 2:
 *   the fan-out table, the sorted oids, their offsets, 64-bit offsets past 2 GiB); its
 *   entry's header in the pack holds the size, and for a delta (`ofs-delta`, `ref-delta`)
 *   the first bytes of the delta, inflated, hold the size of the object it makes.
 *
 * At most a few KiB are read and inflated per object. An object found nowhere (an
 * `alternates` repository, say) is `undefined`: the caller decides.
 */
import { open, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { constants, inflateSync } from 'node:zlib';
import { deltaResultSize, OFS_DELTA, packEntryHeader, REF_DELTA } from './pack-entry-header';

/** Enough compressed bytes for a header (a loose object's, or a delta's two sizes). */
const PREFIX_BYTES = 1024;

interface PackIndex {
  pack: string;
  idx: Buffer;
  count: number;
}

export class GitObjectSizes {
  #indexes: Promise<PackIndex[]> | undefined;

  constructor(private readonly gitdir: string) {}

  /** The object's size in bytes (its content, inflated), or undefined when it is not here. */
  async sizeOf(oid: string): Promise<number | undefined> {
    const loose = await readPrefix(join(this.gitdir, 'objects', oid.slice(0, 2), oid.slice(2)), 0);
    if (loose !== null) return looseSize(loose);
    for (const index of await this.#packIndexes()) {
      const offset = offsetIn(index, oid);
      if (offset !== undefined) return packedSize(index.pack, offset);
    }
    return undefined;
  }

  #packIndexes(): Promise<PackIndex[]> {
    this.#indexes ??= (async () => {
      const folder = join(this.gitdir, 'objects', 'pack');
      const names = await readdir(folder).catch(() => [] as string[]);
      const indexes: PackIndex[] = [];
      for (const name of names.filter((file) => file.endsWith('.idx')).sort()) {
        const idx = await readFile(join(folder, name));
        // Version 2 only (`\377tOc`, 2), as isomorphic-git reads.
        if (idx.readUInt32BE(0) !== 0xff744f63 || idx.readUInt32BE(4) !== 2) continue;
        indexes.push({
          pack: join(folder, name.replace(/\.idx$/, '.pack')),
          idx,
          count: idx.readUInt32BE(8 + 255 * 4),
        });
      }
      return indexes;
    })();
    return this.#indexes;
  }
}

/** The oid's offset in the pack, by binary search in its index's sorted oids. */
function offsetIn({ idx, count }: PackIndex, oid: string): number | undefined {
  const wanted = Buffer.from(oid, 'hex');
  const fanout = 8;
  const first = wanted[0] as number;
  let low = first === 0 ? 0 : idx.readUInt32BE(fanout + (first - 1) * 4);
  let high = idx.readUInt32BE(fanout + first * 4);
  const oids = fanout + 256 * 4;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const order = idx.compare(wanted, 0, 20, oids + middle * 20, oids + middle * 20 + 20);
    if (order === 0) {
      const offsets = oids + count * 20 + count * 4;
      const small = idx.readUInt32BE(offsets + middle * 4);
      if ((small & 0x80000000) === 0) return small;
      const large = offsets + count * 4 + (small & 0x7fffffff) * 8;
      return Number(idx.readBigUInt64BE(large));
    }
    if (order > 0) high = middle;
    else low = middle + 1;
  }
  return undefined;
}

async function packedSize(pack: string, offset: number): Promise<number> {
  const header = await readPrefix(pack, offset);
  if (header === null) throw new Error(`The pack ${pack} is missing`);
  const { type, size, dataOffset } = packEntryHeader(
    byteOf(header, 'A Git pack entry header is cut short'),
    0,
  );
  if (type !== OFS_DELTA && type !== REF_DELTA) return size;
  const delta = await readPrefix(pack, offset + dataOffset);
  return deltaResultSize(byteOf(inflatedPrefix(delta ?? Buffer.alloc(0)), 'A Git delta header is cut short'));
}

function looseSize(prefix: Buffer): number {
  const inflated = inflatedPrefix(prefix);
  const space = inflated.indexOf(0x20);
  const end = inflated.indexOf(0);
  if (space < 0 || end < space) throw new Error('A loose Git object has no header');
  return Number(inflated.subarray(space + 1, end).toString('latin1'));
}

/** The first bytes a zlib stream's first bytes inflate to (the stream may go on). */
function inflatedPrefix(compressed: Buffer): Buffer {
  return inflateSync(compressed, { finishFlush: constants.Z_SYNC_FLUSH });
}

/** The byte at an offset of `bytes`, or the error `cutShort` past its end. */
const byteOf =
  (bytes: Buffer, cutShort: string) =>
  (at: number): number => {
    const byte = bytes[at];
    if (byte === undefined) throw new Error(cutShort);
    return byte;
  };

/** Up to `PREFIX_BYTES` of the file from `offset`; null when there is no such file. */
async function readPrefix(path: string, offset: number): Promise<Buffer | null> {
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (handle === null) return null;
  try {
    const buffer = Buffer.alloc(PREFIX_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, PREFIX_BYTES, offset);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
