/**
 * The editor's inline image, shown from where its address leads: a file of the space
 * (`/files/<id>`) from its download address, an image pasted or dropped and waiting for the
 * save (`./<ref>`) from its bytes, anything else as it is. The markdown keeps the address as
 * written (`/files/<id>` follows the file when its bytes are replaced). Where the addresses
 * lead is told by `EditorFiles` (the space's files, the pending uploads), through the
 * storage here; every image shown follows when that changes (the file list loaded, an upload).
 */
import Image from '@tiptap/extension-image';
import type { Editor } from '@tiptap/react';

export interface FileImagesStorage {
  /** The address an image's `src` is shown from; undefined: not shown. */
  urlOf: (src: string) => string | undefined;
  listeners: Set<() => void>;
}

/** What `EditorFiles` tells the images: a new way to resolve addresses, shown at once. */
export function setImageUrls(editor: Editor, urlOf: (src: string) => string | undefined): void {
  const storage = fileImagesOf(editor);
  storage.urlOf = urlOf;
  for (const listener of storage.listeners) listener();
}

export const fileImagesOf = (editor: Editor): FileImagesStorage =>
  (editor.storage as unknown as { image: FileImagesStorage }).image;

const asIs = (src: string) => (/^(https?:|data:image\/)/i.test(src) || src.startsWith('/') ? src : undefined);

export const FileImage = Image.extend({
  addStorage: (): FileImagesStorage => ({ urlOf: asIs, listeners: new Set() }),
  addNodeView() {
    return ({ node, editor }) => {
      const storage = fileImagesOf(editor);
      const img = document.createElement('img');
      let current = node;
      const show = () => {
        const src = String(current.attrs.src ?? '');
        const url = storage.urlOf(src);
        if (url === undefined) img.removeAttribute('src');
        else img.src = url;
        img.alt = String(current.attrs.alt ?? '');
        if (current.attrs.title) img.title = String(current.attrs.title);
        else img.removeAttribute('title');
        img.dataset.src = src;
      };
      show();
      storage.listeners.add(show);
      return {
        dom: img,
        update: (next) => {
          if (next.type !== current.type) return false;
          current = next;
          show();
          return true;
        },
        destroy: () => storage.listeners.delete(show),
      };
    };
  },
});
