/**
 * Files uploaded from the computer in the editor (an image, a card's cover), waiting for the
 * save: each is held as its bytes (base64, at most `MAX_UPLOAD_BYTES`, the API's limit for a
 * file sent inline) under a `ref`, and the page refers to it as `./<ref>`. The save sends
 * them in the same batch as the page (`insert_files` with that `ref`, before `update_page`),
 * and the server points `./<ref>` at the new file (`/files/<id>`): nothing is stored unless
 * the page is saved, and an upload the page no longer refers to is not sent. Until then the
 * editor shows the image from its bytes (a `data:` URL, which the app's CSP allows for images).
 */
import { type Editor, Extension } from '@tiptap/react';
import { sizeText } from '../files/size-text';

export const MAX_UPLOAD_BYTES = 1_000_000;

export interface PendingUpload {
  ref: string;
  name: string;
  contentType: string;
  base64: string;
}

export interface PendingUploadsStorage {
  files: Map<string, PendingUpload>;
}

export const PendingUploads = Extension.create<Record<string, never>, PendingUploadsStorage>({
  name: 'pendingUploads',
  addStorage: () => ({ files: new Map() }),
});

/** The uploads an editor holds for its next save. */
export const pendingUploadsOf = (editor: Editor): PendingUploadsStorage =>
  (editor.storage as unknown as { pendingUploads: PendingUploadsStorage }).pendingUploads;

/** The address a page gives an upload waiting for the save. */
export const uploadUrl = (ref: string) => './' + ref;

/** A ref of letters, digits and `-` ending in the file's own extension, unique enough for one page. */
export function uploadRef(fileName: string, random: () => number = Math.random): string {
  const name = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? 'bin';
  const stem =
    name
      .replace(/\.[A-Za-z0-9]{1,8}$/, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'file';
  return 'upload-' + Math.floor(random() * 36 ** 6).toString(36) + '-' + stem + '.' + extension;
}

/** Reads a chosen file for the save; refused (a message) when it is too large or not an image. */
export async function pendingUploadOf(
  file: File,
  maxBytes: number = MAX_UPLOAD_BYTES,
): Promise<PendingUpload> {
  if (file.size > maxBytes)
    throw new Error(
      `${file.name} is ${Math.ceil(file.size / 1024)} KB: files uploaded here may be ${sizeText(maxBytes)} at most.`,
    );
  if (!/^image\/(png|jpeg|gif|webp|svg\+xml)$/.test(file.type))
    throw new Error(`${file.name} is not an image (PNG, JPEG, GIF, WebP or SVG).`);
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(`${file.name} could not be read.`));
    reader.readAsDataURL(file);
  });
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return { ref: uploadRef(file.name), name: file.name, contentType: file.type, base64 };
}

/** The `insert_files` change for the uploads `markdown` refers to; undefined when none. */
export function insertFilesChange(files: ReadonlyMap<string, PendingUpload>, markdown: string) {
  const used = [...files.values()].filter((file) => markdown.includes(uploadUrl(file.ref)));
  if (used.length === 0) return undefined;
  return {
    operation: 'insert_files' as const,
    files: used.map((file) => ({
      name: file.name,
      contentType: file.contentType,
      base64: file.base64,
      ref: file.ref,
    })),
  };
}

export { sizeText };

/** The `data:` URL an upload is shown from until it is saved. */
export const previewOf = (file: PendingUpload): string => `data:${file.contentType};base64,${file.base64}`;
