/**
 * A zip's entries, expanded with limits: the one reading of an archive that the limits and
 * every reader after them (the folder tree, mammoth) use, so no reader can find an entry
 * the limits did not count.
 *
 * - The entries are the central directory's, checked against their local headers
 *   (`zipDirectory`: one name each, no overlap, no hidden bytes); a broken rule is 'corrupt'.
 * - An entry whose path is absolute (`/x`, `C:\x`, `\\host\x`) or climbs (`..`) refuses the
 *   whole archive ('unsafe-path'): a tool that wrote it meant to escape.
 * - More entries than `maxEntries`, or declared sizes adding up past `maxExpandedBytes`,
 *   are 'too-large' before anything is inflated.
 * - Each entry is inflated under its declared size (zlib stops the moment the output would
 *   pass it, so a lying entry costs no more than it declared): more bytes, fewer, or
 *   another CRC are 'corrupt'. The declared sizes were checked against the limit, so the
 *   inflated bytes stay under it too.
 * - Bytes that are not a zip are 'not-that-type'.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import { ContentImportError } from '@quire/domain';
import { DEFLATED, safeZipName, type ZipDirectoryEntry, zipDirectory } from './zip-directory';

export interface ZipEntry {
  /** The entry's path, `/`-separated, never absolute, never with `..`. */
  path: string;
  bytes: Uint8Array;
}

export interface ZipLimits {
  maxExpandedBytes: number;
  maxEntries: number;
}

export function expandZip(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  if (!isZip(bytes)) throw new ContentImportError('not-that-type', 'The file is not a zip archive');
  const directory = zipDirectory(bytes);
  for (const { name } of directory)
    if (isUnsafe(name))
      throw new ContentImportError(
        'unsafe-path',
        `The zip holds an entry outside its folder: ${safeZipName(name)}`,
      );
  if (directory.length > limits.maxEntries)
    throw new ContentImportError('too-large', `The zip holds more than ${limits.maxEntries} entries`);
  const declared = directory.reduce((total, entry) => total + entry.uncompressedSize, 0);
  if (declared > limits.maxExpandedBytes)
    throw new ContentImportError(
      'too-large',
      `The zip expands to more than ${limits.maxExpandedBytes} bytes`,
    );
  return directory
    .filter(({ name }) => !name.endsWith('/'))
    .map((entry) => ({ path: entry.name, bytes: inflated(bytes, entry) }));
}

/** The entry's bytes, never more than it declares: exactly its size and CRC, or 'corrupt'. */
function inflated(archive: Uint8Array, entry: ZipDirectoryEntry): Uint8Array {
  const data = archive.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  let bytes: Uint8Array;
  if (entry.method === DEFLATED) {
    try {
      // One byte past the declared size is enough to know it lies.
      bytes = inflateRawSync(data, { maxOutputLength: entry.uncompressedSize + 1 });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw lying(entry);
      throw new ContentImportError(
        'corrupt',
        `The zip archive is damaged: the entry ${safeZipName(entry.name)} cannot be inflated`,
      );
    }
  } else bytes = data;
  if (bytes.byteLength !== entry.uncompressedSize) throw lying(entry);
  if (crc32(bytes) !== entry.crc)
    throw new ContentImportError(
      'corrupt',
      `The zip archive is damaged: the entry ${safeZipName(entry.name)} fails its checksum`,
    );
  return bytes;
}

const lying = (entry: ZipDirectoryEntry) =>
  new ContentImportError(
    'corrupt',
    `The zip archive is damaged: the entry ${safeZipName(entry.name)} is not the size it declares`,
  );

/** A local file header (`PK\3\4`) or an empty archive's end record (`PK\5\6`). */
function isZip(bytes: Uint8Array): boolean {
  return (
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
  );
}

function isUnsafe(path: string): boolean {
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\0')) return true;
  return path.split('/').some((segment) => segment === '..');
}
