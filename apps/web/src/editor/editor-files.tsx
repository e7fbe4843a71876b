/**
 * Where the editor's previews load images from: an address on the web as it is, a file of the
 * space (`/files/<id>`) from its download URL (the space's or change request's file list), an
 * upload waiting for the save (`./<ref>`) from its bytes. Anything else shows no image. It
 * tells the inline images (`file-image.ts`) and the GitBook blocks' views alike, and tells
 * pasted and dropped images (`image-drop.ts`) the server's size limit, saying what it refused.
 */
import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { sameOriginFileUrl } from '../content/same-origin-file-url';
import { setImageUrls } from './file-image';
import { imageDropOf } from './image-drop';
import { pendingUploadsOf, previewOf } from './pending-uploads';

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
  children,
}: {
  editor: Editor;
  spaceId: string;
  changeRequestId?: string | undefined;
  children: ReactNode;
}) {
  const trpc = useTRPC();
  const files = useQuery(
    trpc.spaces.content.files.list.queryOptions({
      spaceId,
      ...(changeRequestId === undefined ? {} : { changeRequestId }),
      limit: 1000,
    }),
  );
  const limits = useQuery(trpc.spaces.content.files.limits.queryOptions({ spaceId }));
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const byId = useMemo(
    () => new Map((files.data?.items ?? []).map((file) => [file.id, sameOriginFileUrl(file.downloadURL)])),
    [files.data],
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
    if (limits.data) drop.maxBytes = limits.data.maxInlineBytes;
    drop.onRefused = setRefused;
  }, [editor, limits.data]);

  return (
    <EditorFilesContext.Provider value={urlOf}>
      {children}
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
