/**
 * A zip's entries as its central directory lists them, checked against the local headers
 * they point at, so that every reader of the archive (a reader walking the local headers
 * front to back, one reading the directory, mammoth's) would find the same entries. The
 * rules, in the order they are checked (the first broken one refuses the archive):
 *
 * 1. The end record is found at the end of the file (its comment reaching the last byte)
 *    and describes one disk; ZIP64 archives are refused (Quire's archives are far below
 *    4 GB, and a second set of sizes is a second reading).
 * 2. The central directory lies right before the end record and holds exactly the entries
 *    and bytes the end record declares.
 * 3. No entry is encrypted; each is stored or deflated, and a stored one's sizes are equal.
 * 4. No two entries have the same name (two readers may keep different ones).
 * 5. Each entry's local header lies inside the file, at the offset the directory gives,
 *    with the same name bytes, compression method and flags.
 * 6. The local header's CRC and sizes are the directory's; with a data descriptor (flag
 *    bit 3), the local ones may be zero and the descriptor after the data must give them.
 * 7. The entries, taken by offset, tile the file: the first starts at 0, each next one
 *    where the previous one (its descriptor included) ends, and the last ends where the
 *    central directory starts. No entry overlaps another or is pointed at twice, and no
 *    bytes hide between them (a local header the directory does not list, a prefix).
 *
 * A broken rule is 'corrupt', its message naming what disagrees (never the raw bytes).
 * Sizes are only declared here: `expandZip` checks them against the inflated bytes.
 */
import { ContentImportError } from '@quire/domain';

export interface ZipDirectoryEntry {
  /** The name as the archive writes it, `\` turned to `/` (not yet checked for safety). */
  name: string;
  method: typeof STORED | typeof DEFLATED;
  crc: number;
  compressedSize: number;
  /** The size the archive declares for the entry's bytes: trusted only to refuse early. */
  uncompressedSize: number;
  /** Where the entry's (compressed) data starts. */
  dataOffset: number;
}

export const STORED = 0;
export const DEFLATED = 8;

const END_SIGNATURE = 0x06054b50;
const END_LENGTH = 22;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const CENTRAL_LENGTH = 46;
const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_LENGTH = 30;
const DESCRIPTOR_SIGNATURE = 0x08074b50;
const ENCRYPTED = 1;
const HAS_DESCRIPTOR = 8;
const UTF8_NAME = 0x800;
const ZIP64_MARK = 0xffffffff;

export function zipDirectory(bytes: Uint8Array): ZipDirectoryEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const inside = (at: number, length: number) => at >= 0 && length >= 0 && at + length <= bytes.byteLength;

  // Rule 1.
  const end = endRecordOffset(bytes, view);
  if (end === null) throw damaged('its end record is missing');
  if (u16(end + 4) !== 0 || u16(end + 6) !== 0 || u16(end + 8) !== u16(end + 10))
    throw damaged('it spans several disks');
  const count = u16(end + 10);
  const directorySize = u32(end + 12);
  const directoryOffset = u32(end + 16);
  if (
    count === 0xffff ||
    directorySize === ZIP64_MARK ||
    directoryOffset === ZIP64_MARK ||
    (end >= 20 && u32(end - 20) === ZIP64_LOCATOR_SIGNATURE)
  )
    throw new ContentImportError('corrupt', 'The zip archive uses ZIP64, which Quire does not read');

  // Rule 2.
  if (directoryOffset + directorySize !== end)
    throw damaged('its directory is not where its end record says');

  const entries: (ZipDirectoryEntry & { localOffset: number; end: number })[] = [];
  const names = new Set<string>();
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (!inside(at, CENTRAL_LENGTH) || at + CENTRAL_LENGTH > end || u32(at) !== CENTRAL_SIGNATURE)
      throw damaged('its directory holds fewer entries than its end record declares');
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const crc = u32(at + 16);
    const compressedSize = u32(at + 20);
    const uncompressedSize = u32(at + 24);
    const nameLength = u16(at + 28);
    const recordLength = CENTRAL_LENGTH + nameLength + u16(at + 30) + u16(at + 32);
    const localOffset = u32(at + 42);
    if (at + recordLength > end) throw damaged('its directory runs past its end');
    const nameBytes = bytes.subarray(at + CENTRAL_LENGTH, at + CENTRAL_LENGTH + nameLength);
    const name = nameOf(nameBytes, flags);
    const shown = safeZipName(name);
    at += recordLength;

    // Rule 3.
    if (flags & ENCRYPTED) throw new ContentImportError('corrupt', `The zip entry ${shown} is encrypted`);
    if (method !== STORED && method !== DEFLATED)
      throw new ContentImportError('corrupt', `The zip entry ${shown} uses an unsupported compression`);
    if (method === STORED && compressedSize !== uncompressedSize)
      throw damaged(`the stored entry ${shown} declares two sizes`);
    if (compressedSize === ZIP64_MARK || uncompressedSize === ZIP64_MARK || localOffset === ZIP64_MARK)
      throw new ContentImportError('corrupt', 'The zip archive uses ZIP64, which Quire does not read');

    // Rule 4.
    if (names.has(name)) throw damaged(`it holds the entry ${shown} twice`);
    names.add(name);

    // Rule 5.
    if (!inside(localOffset, LOCAL_LENGTH) || u32(localOffset) !== LOCAL_SIGNATURE)
      throw damaged(`the entry ${shown} points at no local header`);
    const localNameLength = u16(localOffset + 26);
    const dataOffset = localOffset + LOCAL_LENGTH + localNameLength + u16(localOffset + 28);
    if (!inside(localOffset + LOCAL_LENGTH, localNameLength))
      throw damaged(`the entry ${shown} is cut short`);
    const localFlags = u16(localOffset + 6);
    if (
      !sameBytes(
        nameBytes,
        bytes.subarray(localOffset + LOCAL_LENGTH, localOffset + LOCAL_LENGTH + localNameLength),
      ) ||
      u16(localOffset + 8) !== method ||
      (localFlags & (ENCRYPTED | HAS_DESCRIPTOR | UTF8_NAME)) !==
        (flags & (ENCRYPTED | HAS_DESCRIPTOR | UTF8_NAME))
    )
      throw damaged(`the entry ${shown} differs from its local header`);
    if (!inside(dataOffset, compressedSize) || dataOffset + compressedSize > directoryOffset)
      throw damaged(`the entry ${shown} runs past its data`);

    // Rule 6.
    const declared = [crc, compressedSize, uncompressedSize];
    const local = [u32(localOffset + 14), u32(localOffset + 18), u32(localOffset + 22)];
    let entryEnd = dataOffset + compressedSize;
    if (flags & HAS_DESCRIPTOR) {
      const signed = inside(entryEnd, 4) && u32(entryEnd) === DESCRIPTOR_SIGNATURE;
      const fieldsAt = signed ? entryEnd + 4 : entryEnd;
      if (!inside(fieldsAt, 12)) throw damaged(`the entry ${shown} lacks its data descriptor`);
      const described = [u32(fieldsAt), u32(fieldsAt + 4), u32(fieldsAt + 8)];
      const localZero = local.every((value) => value === 0);
      if (!sameNumbers(described, declared) || !(localZero || sameNumbers(local, declared)))
        throw damaged(`the sizes of the entry ${shown} disagree`);
      entryEnd = fieldsAt + 12;
    } else if (!sameNumbers(local, declared)) throw damaged(`the sizes of the entry ${shown} disagree`);

    entries.push({
      name,
      method,
      crc,
      compressedSize,
      uncompressedSize,
      dataOffset,
      localOffset,
      end: entryEnd,
    });
  }
  if (at !== end) throw damaged('its directory holds more than its end record declares');

  // Rule 7.
  let expected = 0;
  for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
    if (entry.localOffset !== expected)
      throw damaged(
        entry.localOffset < expected
          ? `the entry ${safeZipName(entry.name)} overlaps another`
          : `bytes before the entry ${safeZipName(entry.name)} belong to no listed entry`,
      );
    expected = entry.end;
  }
  if (expected !== directoryOffset) throw damaged('bytes before its directory belong to no listed entry');

  return entries.map(({ name, method, crc, compressedSize, uncompressedSize, dataOffset }) => ({
    name,
    method,
    crc,
    compressedSize,
    uncompressedSize,
    dataOffset,
  }));
}

/** An entry name as shown in a message: printable, and short. */
export const safeZipName = (name: string) => JSON.stringify(name.replace(/[^\x20-\x7e]/g, '?').slice(0, 200));

/** The last end record whose comment reaches exactly the end of the file. */
function endRecordOffset(bytes: Uint8Array, view: DataView): number | null {
  const lowest = Math.max(0, bytes.byteLength - END_LENGTH - 0xffff);
  for (let at = bytes.byteLength - END_LENGTH; at >= lowest; at--)
    if (
      view.getUint32(at, true) === END_SIGNATURE &&
      at + END_LENGTH + view.getUint16(at + 20, true) === bytes.byteLength
    )
      return at;
  return null;
}

/** UTF-8 when flagged or when the bytes are valid UTF-8 (most tools write it unflagged); else Latin-1. */
function nameOf(nameBytes: Uint8Array, flags: number): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(nameBytes).replaceAll('\\', '/');
  } catch {
    if (flags & UTF8_NAME) throw damaged('an entry name is not valid UTF-8');
    return Buffer.from(nameBytes).toString('latin1').replaceAll('\\', '/');
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer(a).equals(buffer(b));
}

const sameNumbers = (a: number[], b: number[]) => a.every((value, index) => value === b[index]);

const damaged = (what: string) => new ContentImportError('corrupt', `The zip archive is damaged: ${what}`);
