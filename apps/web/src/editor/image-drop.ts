/**
 * Images pasted into the editor or dropped on it. Where the editor can store a file at once
 * (`upload`, set by `EditorFiles`: a change request's content, or a space edited live), the
 * image's raw bytes go to the server's byte upload, progress told (`onProgress`), up to the
 * server's upload limit (`maxUploadBytes`), and the image is inserted where it was pasted or
 * dropped once stored, as the file (`/files/<id>`): what the page holds is then a file every
 * other reader and co-editor sees, not bytes waiting in this browser. Elsewhere (a space edited
 * only through change requests, before one exists) each image is held for the save as a
 * pending upload (`pending-uploads.ts`: sent in the save's batch, at most the inline limit
 * `maxBytes`). Either way a larger image, or a file that is not an image, is refused before it
 * is read or sent, its reason said (`onRefused`). Other pastes and drops are the editor's.
 * The blocks' "Upload" fields (`gitbook-fields.tsx`) store their images with `storeImage` too.
 */

import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { Extension } from '@tiptap/react';
import { MAX_UPLOAD_BYTES, pendingUploadOf, pendingUploadsOf, sizeText, uploadUrl } from './pending-uploads';

/** A file being sent: how much of it reached the server. */
export interface UploadProgress {
  name: string;
  sent: number;
  total: number;
}

/** Stores a file where the editor's content is, telling its progress; answers the image's address. */
export type UploadImage = (file: File, onProgress: (sent: number, total: number) => void) => Promise<string>;

export interface ImageDropStorage {
  /** The largest image held for the save, in bytes (the server's inline limit once known). */
  maxBytes: number;
  /** Where images are stored at once, when the editor's content can take a file now. */
  upload: UploadImage | undefined;
  /** The largest image stored at once (the server's upload limit once known). */
  maxUploadBytes: number | undefined;
  /** Says why a pasted or dropped file was not taken. */
  onRefused: (message: string) => void;
  /** Tells how an upload goes; undefined when none is under way. */
  onProgress: (progress: UploadProgress | undefined) => void;
}

export const imageDropOf = (editor: { storage: unknown }): ImageDropStorage =>
  (editor.storage as { imageDrop: ImageDropStorage }).imageDrop;

const imagesIn = (files: FileList | null | undefined): File[] =>
  [...(files ?? [])].filter((file) => file.type.startsWith('image/'));

const IMAGE_TYPE = /^image\/(png|jpeg|gif|webp|svg\+xml)$/;

/** Why an image may not be stored at once (not an image, or over the limit), said before it is sent. */
export function refusalOf(file: File, limit: number | undefined): string | undefined {
  if (!IMAGE_TYPE.test(file.type)) return `${file.name} is not an image (PNG, JPEG, GIF, WebP or SVG).`;
  if (limit !== undefined && file.size > limit)
    return `${file.name} is ${sizeText(file.size)}: images may be ${sizeText(limit)} at most.`;
  return undefined;
}

/** Each editor's uploads, sent one after another so that one progress is told at a time. */
const queues = new WeakMap<ImageDropStorage, Promise<unknown>>();

/**
 * Stores one image at once with `upload` (the byte upload `EditorFiles` sets), after the
 * others of this editor, its progress told; answers its address (`/files/<id>`). Pasted and
 * dropped images and the blocks' "Upload" fields alike. Refuses (rejects) what `refusalOf` says.
 */
export function storeImage(storage: ImageDropStorage, upload: UploadImage, file: File): Promise<string> {
  const refusal = refusalOf(file, storage.maxUploadBytes);
  if (refusal !== undefined) return Promise.reject(new Error(refusal));
  const stored = (queues.get(storage) ?? Promise.resolve()).then(async () => {
    storage.onProgress({ name: file.name, sent: 0, total: file.size });
    try {
      return await upload(file, (sent, total) => storage.onProgress({ name: file.name, sent, total }));
    } finally {
      storage.onProgress(undefined);
    }
  });
  queues.set(
    storage,
    stored.catch(() => undefined),
  );
  return stored;
}

/** Where each image being uploaded goes: its place, kept in step with every edit made meanwhile. */
const placesKey = new PluginKey<Map<number, number>>('imageDropPlaces');
type PlaceMeta = { add: [number, number] } | { remove: number };

export const ImageDrop = Extension.create<Record<string, never>, ImageDropStorage>({
  name: 'imageDrop',
  addStorage: () => ({
    maxBytes: MAX_UPLOAD_BYTES,
    upload: undefined,
    maxUploadBytes: undefined,
    onRefused: () => {},
    onProgress: () => {},
  }),
  addProseMirrorPlugins() {
    const editor = this.editor;
    const storage = this.storage;
    let nextUpload = 0;
    const insertImage = (view: EditorView, src: string, alt: string, at: number | undefined) => {
      const image = view.state.schema.nodes.image?.create({ src, alt });
      if (!image) return;
      const { tr } = view.state;
      const place = at === undefined ? tr.selection.from : Math.min(at, tr.doc.content.size);
      view.dispatch(tr.insert(place, image).scrollIntoView());
    };
    const refused = (error: unknown) =>
      storage.onRefused(error instanceof Error ? error.message : String(error));

    /** Sends one image's bytes, then inserts it at its place as it is by then. */
    const uploadNow = (view: EditorView, upload: UploadImage, file: File, at: number) => {
      const refusal = refusalOf(file, storage.maxUploadBytes);
      if (refusal !== undefined) return storage.onRefused(refusal);
      const id = nextUpload++;
      view.dispatch(view.state.tr.setMeta(placesKey, { add: [id, at] } satisfies PlaceMeta));
      storeImage(storage, upload, file).then(
        (src) => {
          if (view.isDestroyed) return;
          const place = placesKey.getState(view.state)?.get(id);
          view.dispatch(view.state.tr.setMeta(placesKey, { remove: id } satisfies PlaceMeta));
          insertImage(view, src, file.name, place);
        },
        (error: unknown) => {
          if (!view.isDestroyed)
            view.dispatch(view.state.tr.setMeta(placesKey, { remove: id } satisfies PlaceMeta));
          refused(error);
        },
      );
    };

    const take = (view: EditorView, files: File[], at: number | undefined) => {
      const upload = storage.upload;
      for (const file of files) {
        if (upload !== undefined) {
          uploadNow(view, upload, file, at ?? view.state.selection.from);
          continue;
        }
        pendingUploadOf(file, storage.maxBytes).then((pending) => {
          pendingUploadsOf(editor).files.set(pending.ref, pending);
          insertImage(view, uploadUrl(pending.ref), file.name, at);
        }, refused);
      }
    };
    return [
      new Plugin<Map<number, number>>({
        key: placesKey,
        state: {
          init: () => new Map(),
          apply(tr, places) {
            const meta = tr.getMeta(placesKey) as PlaceMeta | undefined;
            if (!tr.docChanged && meta === undefined) return places;
            const next = new Map<number, number>();
            for (const [id, place] of places) next.set(id, tr.mapping.map(place));
            if (meta && 'add' in meta) next.set(meta.add[0], meta.add[1]);
            if (meta && 'remove' in meta) next.delete(meta.remove);
            return next;
          },
        },
      }),
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
