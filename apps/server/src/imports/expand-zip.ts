/**
 * A zip's entries, expanded with limits checked while expanding (never trusting the sizes
 * the archive declares): the bytes are fed to fflate's streaming `Unzip` 16 KB at a time, so
 * one step inflates at most ~16 MB (deflate's ratio is at most ~1:1032), and the expansion
 * stops as soon as the total passes `maxExpandedBytes` ('too-large': a zip bomb costs no
 * more than the limit) or the entries pass `maxEntries`. An entry whose path is absolute
 * (`/x`, `C:\x`, `\\host\x`) or climbs (`..`) refuses the whole archive ('unsafe-path'):
 * a tool that wrote it meant to escape. Bytes that are not a zip are 'not-that-type';
 * a zip that fflate cannot read (truncated, an unknown compression) is 'corrupt'.
 */
import { ContentImportError } from '@quire/domain';
import { Unzip, type UnzipFile, UnzipInflate } from 'fflate';

export interface ZipEntry {
  /** The entry's path, `/`-separated, never absolute, never with `..`. */
  path: string;
  bytes: Uint8Array;
}

export interface ZipLimits {
  maxExpandedBytes: number;
  maxEntries: number;
}

const CHUNK = 16 * 1024;

export function expandZip(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  if (!isZip(bytes)) throw new ContentImportError('not-that-type', 'The file is not a zip archive');
  const entries: ZipEntry[] = [];
  const pending = new Set<string>();
  let expanded = 0;
  let entryCount = 0;
  let failure: ContentImportError | null = null;

  const unzip = new Unzip((file: UnzipFile) => {
    if (failure) return;
    const path = file.name.replaceAll('\\', '/');
    if (isUnsafe(path)) {
      failure = new ContentImportError(
        'unsafe-path',
        `The zip holds an entry outside its folder: ${safeName(path)}`,
      );
      return;
    }
    if (++entryCount > limits.maxEntries) {
      failure = new ContentImportError('too-large', `The zip holds more than ${limits.maxEntries} entries`);
      return;
    }
    if (path.endsWith('/')) return;
    const parts: Uint8Array[] = [];
    pending.add(path);
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = corrupt();
        return;
      }
      expanded += data.byteLength;
      if (expanded > limits.maxExpandedBytes) {
        failure = new ContentImportError(
          'too-large',
          `The zip expands to more than ${limits.maxExpandedBytes} bytes`,
        );
        file.terminate();
        return;
      }
      parts.push(data);
      if (final) {
        pending.delete(path);
        entries.push({ path, bytes: Buffer.concat(parts) });
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.byteLength && !failure; offset += CHUNK)
      unzip.push(bytes.subarray(offset, offset + CHUNK), offset + CHUNK >= bytes.byteLength);
  } catch {
    failure ??= corrupt();
  }
  if (failure) throw failure;
  if (pending.size > 0) throw corrupt();
  return entries;
}

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

/** An entry name as shown in a message: printable, and short. */
const safeName = (path: string) => JSON.stringify(path.replace(/[^\x20-\x7e]/g, '?').slice(0, 200));

const corrupt = () =>
  new ContentImportError('corrupt', 'The zip archive is damaged or uses an unsupported compression');
