/**
 * Where the editor's previews load images from: an address on the web as it is, a file of the
 * space (`/files/<id>`) from its download URL (the space's or change request's file list), an
 * upload waiting for the save (`./<ref>`) from its bytes. Anything else shows no image.
 */
import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTRPC } from '../api/trpc';
import { sameOriginFileUrl } from '../content/same-origin-file-url';
import { pendingUploadsOf, previewOf } from './pending-uploads';

type ImageUrlOf = (ref: unknown) => string | undefined;

const webUrl = (ref: { kind?: unknown; url?: unknown }): string | undefined =>
  ref.kind === 'url' && typeof ref.url === 'string' && /^https?:\/\//i.test(ref.url) ? ref.url : undefined;

const DEFAULT: ImageUrlOf = (ref) =>
  typeof ref === 'object' && ref !== null ? webUrl(ref as { kind?: unknown; url?: unknown }) : undefined;

const EditorFilesContext = createContext<ImageUrlOf>(DEFAULT);

/** The URL an image reference is shown from in the editor, if any. */
export const useImageUrlOf = (): ImageUrlOf => useContext(EditorFilesContext);

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
  const urlOf = useMemo((): ImageUrlOf => {
    const byId = new Map(
      (files.data?.items ?? []).map((file) => [file.id, sameOriginFileUrl(file.downloadURL)]),
    );
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
  }, [files.data, editor]);
  return <EditorFilesContext.Provider value={urlOf}>{children}</EditorFilesContext.Provider>;
}
