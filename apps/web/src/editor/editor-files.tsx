/**
 * Where the editor's previews load images from: an address on the web as it is, a file of the
 * space (`/files/<id>`) from its download URL (the space's or change request's file list), an
 * upload waiting for the save (`./<ref>`) from its bytes. Anything else shows no image. It
 * tells the inline images (`file-image.ts`) and the GitBook blocks' views alike, and tells
 * pasted and dropped images (`image-drop.ts`) the server's size limits and where to store them
 * at once (the change request edited, or the space when it is edited live: the byte upload),
 * showing an upload's progress and saying what it refused.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { sameOriginFileUrl } from '../content/same-origin-file-url';
import { uploadBytes } from '../files/upload-bytes';
import { csrfTokenOf } from '../session/session-queries';
import { setImageUrls } from './file-image';
import { imageDropOf, type UploadProgress } from './image-drop';
import { pendingUploadsOf, previewOf, sizeText } from './pending-uploads';

type ImageUrlOf = (ref: unknown) => string | undefined;

const webUrl = (ref: { kind?: unknown; url?: unknown }): string | undefined =>
  ref.kind === 'url' && typeof ref.url === 'string' && /^https?:\/\//i.test(ref.url) ? ref.url : undefined;

const DEFAULT: ImageUrlOf = (ref) =>
  typeof ref === 'object' && ref !== null ? webUrl(ref as { kind?: unknown; url?: unknown }) : undefined;

const EditorFilesContext = createContext<ImageUrlOf>(DEFAULT);

/** The URL an image reference is shown from in the editor, if any. */
export const useImageUrlOf = (): ImageUrlOf => useContext(EditorFilesContext);

const FILE_PATH = /^\/files\/([^/?#]+)$/;

export function EditorFiles({
  editor,
  spaceId,
  changeRequestId,
  readOnly = false,
  children,
}: {
  editor: Editor;
  spaceId: string;
  changeRequestId?: string | undefined;
  /** Someone who may only watch: nothing to paste or drop, so no word of it. */
  readOnly?: boolean;
  children: ReactNode;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const files = useQuery(
    trpc.spaces.content.files.list.queryOptions({
      spaceId,
      ...(changeRequestId === undefined ? {} : { changeRequestId }),
      limit: 1000,
    }),
  );
  const limits = useQuery(trpc.spaces.content.files.limits.queryOptions({ spaceId }));
  // A space edited live takes a file at once; one edited only through change requests does not.
  const space = useQuery({
    ...trpc.spaces.get.queryOptions({ spaceId }),
    enabled: changeRequestId === undefined,
  });
  const storesAtOnce = changeRequestId !== undefined || space.data?.editMode === 'live';
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const [progress, setProgress] = useState<UploadProgress | undefined>(undefined);
  /** Files uploaded here, shown before the file list is read again. */
  const [uploaded, setUploaded] = useState<ReadonlyMap<string, string>>(new Map());
  const byId = useMemo(
    () =>
      new Map([
        ...uploaded,
        ...(files.data?.items ?? []).map((file) => [file.id, sameOriginFileUrl(file.downloadURL)] as const),
      ]),
    [files.data, uploaded],
  );
  const urlOf = useMemo((): ImageUrlOf => {
    return (ref) => {
      if (typeof ref !== 'object' || ref === null) return undefined;
      const fields = ref as { kind?: unknown; url?: unknown; file?: unknown };
      if (fields.kind === 'file' && typeof fields.file === 'string') return byId.get(fields.file);
      if (fields.kind === 'url' && typeof fields.url === 'string' && fields.url.startsWith('./')) {
        const pending = pendingUploadsOf(editor).files.get(fields.url.slice(2));
        return pending ? previewOf(pending) : undefined;
      }
      return webUrl(fields);
    };
  }, [byId, editor]);

  useEffect(() => {
    setImageUrls(editor, (src) => {
      const file = FILE_PATH.exec(src)?.[1];
      if (file !== undefined) return byId.get(file);
      if (src.startsWith('./')) {
        const pending = pendingUploadsOf(editor).files.get(src.slice(2));
        return pending ? previewOf(pending) : undefined;
      }
      return /^https?:\/\//i.test(src) || src.startsWith('/') ? src : undefined;
    });
  }, [byId, editor]);

  useEffect(() => {
    const drop = imageDropOf(editor);
    if (limits.data) {
      drop.maxBytes = limits.data.maxInlineBytes;
      drop.maxUploadBytes = limits.data.maxUploadBytes;
    }
    drop.onRefused = setRefused;
    drop.onProgress = setProgress;
    drop.upload = storesAtOnce
      ? async (file, onProgress) => {
          const stored = await uploadBytes(
            { spaceId, ...(changeRequestId === undefined ? {} : { changeRequestId }) },
            file,
            csrfTokenOf(queryClient, trpc),
            onProgress,
          );
          setUploaded((before) => new Map([...before, [stored.id, sameOriginFileUrl(stored.downloadURL)]]));
          void queryClient.invalidateQueries({ queryKey: trpc.spaces.content.files.list.pathKey() });
          return '/files/' + stored.id;
        }
      : undefined;
  }, [editor, limits.data, storesAtOnce, spaceId, changeRequestId, queryClient, trpc]);

  return (
    <EditorFilesContext.Provider value={urlOf}>
      {children}
      {limits.data && !readOnly && (
        <p className="muted editor-upload-limit">
          Paste or drop images into the text, up to{' '}
          {sizeText(storesAtOnce ? limits.data.maxUploadBytes : limits.data.maxInlineBytes)} each.
        </p>
      )}
      {progress !== undefined && (
        <p className="editor-upload-progress">
          <label>
            Uploading {progress.name} ({sizeText(progress.total)}){' '}
            <progress value={progress.sent} max={progress.total || 1}>
              {Math.round((progress.sent / (progress.total || 1)) * 100)}%
            </progress>
          </label>
        </p>
      )}
      {refused !== undefined && (
        <p role="alert" className="editor-upload-refused">
          {refused}{' '}
          <button type="button" className="link-button" onClick={() => setRefused(undefined)}>
            Dismiss
          </button>
        </p>
      )}
    </EditorFilesContext.Provider>
  );
}
