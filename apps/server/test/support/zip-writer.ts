/**
 * A zip written byte by byte, so a test can build the archives an attacker would: local
 * headers the directory does not list, directory records pointing anywhere (twice at one
 * header, into another entry's data), sizes that lie, data descriptors. Each entry's true
 * CRC and sizes are computed; `local` and `central` override what each header declares.
 *
 *   const zip = new ZipWriter();
 *   const at = zip.entry({ name: 'a.md', data });       // local header + data, listed
 *   zip.list({ name: 'a.md', data }, at);                // a second directory record for it
 *   const bytes = zip.finish();                          // directory + end record
 */
import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface Declared {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
}

export interface WrittenEntry {
  name: string;
  /** The entry's true bytes (deflated unless `method: 0`). */
  data: Uint8Array | Deflated;
  method?: 0 | 8;
  /** Flag bit 3: zero sizes in the local header, a descriptor (signed or not) after the data. */
  descriptor?: 'signed' | 'unsigned';
  /** What the local header says instead of the truth. */
  local?: Partial<Declared>;
  /** What the directory record says instead of the truth. */
  central?: Partial<Declared>;
  /** What the descriptor says instead of the truth. */
  described?: Partial<Declared>;
}

/** Bytes already deflated (a huge entry the test never holds whole), with their true CRC and size. */
export interface Deflated {
  deflated: Uint8Array;
  crc: number;
  size: number;
}

/** `size` zero bytes deflated, a megabyte at a time: 300 MB become about 300 KB. */
export async function deflatedZeros(size: number): Promise<Deflated> {
  const zeros = new Uint8Array(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = once(deflate, 'end');
  let crc = 0;
  for (let left = size; left > 0; left -= zeros.byteLength) {
    const chunk = zeros.subarray(0, Math.min(left, zeros.byteLength));
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  return { deflated: new Uint8Array(Buffer.concat(parts)), crc, size };
}

const encoder = new TextEncoder();

export class ZipWriter {
  readonly #parts: Uint8Array[] = [];
  readonly #records: Uint8Array[] = [];
  #offset = 0;
  /** How many records the end record declares (default: those written). */
  declaredCount: number | undefined;

  /** Bytes as they are; answers their offset. */
  raw(bytes: Uint8Array): number {
    const at = this.#offset;
    this.#parts.push(bytes);
    this.#offset += bytes.byteLength;
    return at;
  }

  /** The entry's local header, data and descriptor, listed in the directory unless `listed` is false. */
  entry(entry: WrittenEntry, listed = true): number {
    const at = this.raw(localRecord(entry));
    if (listed) this.list(entry, at);
    return at;
  }

  /** A directory record for `entry`, its local header at `offset`. */
  list(entry: WrittenEntry, offset: number): void {
    const declared = { ...truthOf(entry), ...entry.central };
    const name = encoder.encode(declared.name);
    const record = new Uint8Array(46 + name.byteLength);
    const view = new DataView(record.buffer);
    view.setUint32(0, 0x02014b50, true);
    view.setUint16(4, 20, true);
    view.setUint16(6, 20, true);
    view.setUint16(8, declared.flags, true);
    view.setUint16(10, declared.method, true);
    view.setUint32(16, declared.crc, true);
    view.setUint32(20, declared.compressedSize, true);
    view.setUint32(24, declared.uncompressedSize, true);
    view.setUint16(28, name.byteLength, true);
    view.setUint32(42, offset, true);
    record.set(name, 46);
    this.#records.push(record);
  }

  /** The directory and the end record after what was written: the whole archive. */
  finish(): Uint8Array {
    const directoryOffset = this.#offset;
    for (const record of this.#records) this.raw(record);
    const end = new Uint8Array(22);
    const view = new DataView(end.buffer);
    const count = this.declaredCount ?? this.#records.length;
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, count, true);
    view.setUint16(10, count, true);
    view.setUint32(12, this.#offset - directoryOffset, true);
    view.setUint32(16, directoryOffset, true);
    this.raw(end);
    return new Uint8Array(Buffer.concat(this.#parts));
  }
}

/** A well-formed archive of `entries`, in order. */
export function writeZip(entries: WrittenEntry[]): Uint8Array {
  const zip = new ZipWriter();
  for (const entry of entries) zip.entry(entry);
  return zip.finish();
}

/** An entry's local header, its (compressed) data, and its descriptor when it has one. */
export function localRecord(entry: WrittenEntry): Uint8Array {
  const truth = truthOf(entry);
  const declared = {
    ...truth,
    ...(entry.descriptor ? { crc: 0, compressedSize: 0, uncompressedSize: 0 } : {}),
    ...entry.local,
  };
  const name = encoder.encode(declared.name);
  const header = new Uint8Array(30 + name.byteLength);
  const view = new DataView(header.buffer);
  view.setUint32(0, 0x04034b50, true);
  view.setUint16(4, 20, true);
  view.setUint16(6, declared.flags, true);
  view.setUint16(8, declared.method, true);
  view.setUint32(14, declared.crc, true);
  view.setUint32(18, declared.compressedSize, true);
  view.setUint32(22, declared.uncompressedSize, true);
  view.setUint16(26, name.byteLength, true);
  header.set(name, 30);
  const parts = [header, compressedOf(entry)];
  if (entry.descriptor) {
    const described = { ...truth, ...entry.described };
    const signed = entry.descriptor === 'signed';
    const descriptor = new Uint8Array(signed ? 16 : 12);
    const fields = new DataView(descriptor.buffer, signed ? 4 : 0);
    if (signed) new DataView(descriptor.buffer).setUint32(0, 0x08074b50, true);
    fields.setUint32(0, described.crc, true);
    fields.setUint32(4, described.compressedSize, true);
    fields.setUint32(8, described.uncompressedSize, true);
    parts.push(descriptor);
  }
  return new Uint8Array(Buffer.concat(parts));
}

const compressed = new WeakMap<WrittenEntry, Uint8Array>();

function compressedOf(entry: WrittenEntry): Uint8Array {
  if (!(entry.data instanceof Uint8Array)) return entry.data.deflated;
  let bytes = compressed.get(entry);
  if (bytes === undefined) {
    bytes = entry.method === 0 ? entry.data : new Uint8Array(deflateRawSync(entry.data, { level: 9 }));
    compressed.set(entry, bytes);
  }
  return bytes;
}

function truthOf(entry: WrittenEntry): Declared {
  const { data } = entry;
  return {
    name: entry.name,
    method: entry.method ?? 8,
    flags: entry.descriptor ? 8 : 0,
    crc: data instanceof Uint8Array ? crc32(data) : data.crc,
    compressedSize: compressedOf(entry).byteLength,
    uncompressedSize: data instanceof Uint8Array ? data.byteLength : data.size,
  };
}
