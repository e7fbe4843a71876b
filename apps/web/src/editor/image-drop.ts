/**
 * Images pasted into the editor or dropped on it: each is held for the save as a pending
 * upload (`pending-uploads.ts`: sent in the save's batch, nothing stored before) and shown at
 * once where it was pasted or dropped. The largest size is the server's (`spaces.content.
 * files.limits`, told by `EditorFiles`): a larger image, or a file that is not an image, is
 * refused before it is read, its reason said (`onRefused`). Other pastes and drops are the
 * editor's as before.
 */

import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { Extension } from '@tiptap/react';
import { MAX_UPLOAD_BYTES, pendingUploadOf, pendingUploadsOf, uploadUrl } from './pending-uploads';

export interface ImageDropStorage {
  /** The largest image taken, in bytes (the server's inline limit once known). */
  maxBytes: number;
  /** Says why a pasted or dropped file was not taken. */
  onRefused: (message: string) => void;
}

export const imageDropOf = (editor: { storage: unknown }): ImageDropStorage =>
  (editor.storage as { imageDrop: ImageDropStorage }).imageDrop;

const imagesIn = (files: FileList | null | undefined): File[] =>
  [...(files ?? [])].filter((file) => file.type.startsWith('image/'));

export const ImageDrop = Extension.create<Record<string, never>, ImageDropStorage>({
  name: 'imageDrop',
  addStorage: () => ({ maxBytes: MAX_UPLOAD_BYTES, onRefused: () => {} }),
  addProseMirrorPlugins() {
    const editor = this.editor;
    const storage = this.storage;
    const take = (view: EditorView, files: File[], at: number | undefined) => {
      for (const file of files) {
        pendingUploadOf(file, storage.maxBytes).then(
          (pending) => {
            pendingUploadsOf(editor).files.set(pending.ref, pending);
            const image = view.state.schema.nodes.image?.create({
              src: uploadUrl(pending.ref),
              alt: file.name,
            });
            if (!image) return;
            const { tr } = view.state;
            const place = at === undefined ? tr.selection.from : Math.min(at, tr.doc.content.size);
            view.dispatch(tr.insert(place, image).scrollIntoView());
          },
          (error: unknown) => storage.onRefused(error instanceof Error ? error.message : String(error)),
        );
      }
    };
    return [
      new Plugin({
        key: new PluginKey('imageDrop'),
        props: {
          handlePaste: (view, event) => {
            const files = imagesIn(event.clipboardData?.files);
            if (files.length === 0) return false;
            event.preventDefault();
            take(view, files, undefined);
            return true;
          },
          handleDrop: (view, event) => {
            const files = imagesIn(event.dataTransfer?.files);
            if (files.length === 0) return false;
            event.preventDefault();
            const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
            take(view, files, at);
            return true;
          },
        },
      }),
    ];
  },
});
