/**
 * The editor's inline image, shown from where its address leads: a file of the space
 * (`/files/<id>`) from its download address, an image pasted or dropped and waiting for the
 * save (`./<ref>`) from its bytes, anything else as it is. The markdown keeps the address as
 * written (`/files/<id>` follows the file when its bytes are replaced). Where the addresses
 * lead is told by `EditorFiles` (the space's files, the pending uploads), through the
 * storage here; every image shown follows when that changes (the file list loaded, an upload).
 */
import Image from '@tiptap/extension-image';
import { type Editor, mergeAttributes } from '@tiptap/react';

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

/** Until the space's files are known: an address on the web as it is; a file of the space, not yet. */
const asIs = (src: string) =>
  /^(https?:|data:image\/)/i.test(src) || (src.startsWith('/') && !src.startsWith('/files/'))
    ? src
    : undefined;

export const FileImage = Image.extend({
  addStorage: (): FileImagesStorage => ({ urlOf: asIs, listeners: new Set() }),
  // The HTML of the editor (copied, or serialized in this document, where an image loads at
  // once) carries the address as written in `data-src`, and what it is shown from in `src`.
  addAttributes() {
    const inherited = this.parent?.() ?? {};
    return {
      ...inherited,
      src: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('data-src') ?? element.getAttribute('src'),
        renderHTML: () => ({}),
      },
    };
  },
  renderHTML({ node, HTMLAttributes }) {
    const src = String(node.attrs.src ?? '');
    const url = (this.storage as FileImagesStorage).urlOf(src);
    return [
      'img',
      mergeAttributes(this.options.HTMLAttributes, HTMLAttributes, {
        'data-src': src,
        ...(url === undefined ? {} : { src: url }),
      }),
    ];
  },
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
