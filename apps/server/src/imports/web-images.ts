/**
 * An image of an imported web page, stored as an import file: fetched through the import's
 * fetcher (so through the outbound rules), or decoded from a base64 `data:` URL. Only bytes
 * that are an image (by their own signature or their declared `image/*` type) become a file;
 * anything else, or a fetch that fails, answers undefined and the page keeps the URL.
 */
import { describeFile } from '../files/describe-file';
import type { ImportFetcher } from './import-fetcher';
import { skippable } from './import-limit-reached';
import type { ImportedFiles } from './imported-files';

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[^;,]*)*;base64,([A-Za-z0-9+/=\s]*)$/;

export async function webImageRef(
  url: string,
  fetchImage: ImportFetcher,
  files: ImportedFiles,
): Promise<string | undefined> {
  const known = files.refOf(url);
  if (known !== undefined) return known;
  const image = await imageBytesOf(url, fetchImage);
  if (image === undefined) return undefined;
  const name = image.name;
  if (!describeFile(image.bytes, name, image.contentType).contentType.startsWith('image/')) return undefined;
  return files.add(url, name, image.bytes, image.contentType);
}

async function imageBytesOf(
  url: string,
  fetchImage: ImportFetcher,
): Promise<{ bytes: Uint8Array; contentType?: string; name: string } | undefined> {
  const data = DATA_URL.exec(url);
  if (data)
    return {
      bytes: new Uint8Array(Buffer.from(data[2] ?? '', 'base64')),
      ...(data[1] ? { contentType: data[1] } : {}),
      name: 'image',
    };
  if (!/^https?:/i.test(url)) return undefined;
  try {
    const fetched = await fetchImage(url);
    return {
      bytes: fetched.bytes,
      ...(fetched.contentType ? { contentType: fetched.contentType } : {}),
      name: nameOfUrl(fetched.finalUrl),
    };
  } catch (error) {
    if (skippable(error)) return undefined;
    throw error;
  }
}

function nameOfUrl(url: string): string {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || 'image';
  } catch {
    return last || 'image';
  }
}
