/**
 * A document page's cover (issue 30, item 1; GitBook's page `cover`): an image of the space's
 * files, one uploaded from the computer, or an address on the web; moved up or down inside its
 * frame and made taller or shorter, as the preview shows; or removed. Saved as the page tree's
 * other edits are (`update_page` with Quire's `cover`), live or into a change request.
 *
 * An upload goes where the edit goes: to the live space or the change request with the byte
 * upload (progress shown, up to the server's upload limit, said before), or, when the edit
 * opens a new change request, in the same batch as the cover (`insert_files`, up to the inline
 * limit), so nothing is stored unless the cover is saved there.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { type Cover, CoverFrame, DEFAULT_COVER_HEIGHT, useCoverImageUrl } from '../content/page-cover';
import type { TreePage } from '../content/page-tree-rows';
import { sizeText } from '../files/size-text';
import { uploadBytes } from '../files/upload-bytes';
import { csrfTokenOf } from '../session/session-queries';
import { FormError } from '../ui/form-error';
import type { TreeTarget } from './tree-source';
import './pages.css';

/** An image read for a batch (`insert_files`), named by its `ref` until the server gives it an id. */
export interface CoverUpload {
  ref: string;
  name: string;
  contentType: string;
  base64: string;
}

type Source = 'files' | 'upload' | 'url';

const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|svg\+xml)$/;

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(new Error(`${file.name} could not be read.`));
    reader.readAsDataURL(file);
  });
}

export function CoverDialog({
  page,
  spaceId,
  changeRequestId,
  target,
  pending,
  error,
  onClose,
  onSave,
}: {
  page: TreePage;
  spaceId: string;
  /** The change request whose tree is edited, when it is one. */
  changeRequestId?: string | undefined;
  target: TreeTarget;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  /** Saves the cover (null: removes it), with the image to insert in the same batch, if any. */
  onSave: (cover: Cover | null, upload?: CoverUpload) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = useId();
  const current = page.cover;
  const [source, setSource] = useState<Source>(current?.ref.kind === 'url' ? 'url' : 'files');
  const [fileId, setFileId] = useState(current?.ref.kind === 'file' ? current.ref.file : '');
  const [url, setUrl] = useState(current?.ref.kind === 'url' ? current.ref.url : '');
  const [yPos, setYPos] = useState(current?.yPos ?? 0);
  const [height, setHeight] = useState(current?.height ?? DEFAULT_COVER_HEIGHT);
  const [lowest, setLowest] = useState(-400);
  const [upload, setUpload] = useState<CoverUpload | undefined>(undefined);
  const [progress, setProgress] = useState<{ sent: number; total: number } | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const picker = useRef<HTMLInputElement>(null);

  const inChangeRequest = changeRequestId === undefined ? {} : { changeRequestId };
  const files = useQuery(
    trpc.spaces.content.files.list.queryOptions({ spaceId, ...inChangeRequest, limit: 1000 }),
  );
  const limits = useQuery(trpc.spaces.content.files.limits.queryOptions({ spaceId }));
  const images = (files.data?.items ?? []).filter((file) => file.contentType.startsWith('image/'));
  // Stored at once where the edit goes, or held for the batch of a new change request.
  const storesAtOnce = target.kind !== 'new';
  const maxBytes = storesAtOnce ? limits.data?.maxUploadBytes : limits.data?.maxInlineBytes;

  const ref: Cover['ref'] | undefined =
    source === 'url'
      ? /^https?:\/\/\S+$/i.test(url.trim())
        ? { kind: 'url', url: url.trim() }
        : undefined
      : source === 'upload' && upload
        ? { kind: 'file', file: upload.ref }
        : fileId
          ? { kind: 'file', file: fileId }
          : undefined;
  const shownUrl = useCoverImageUrl(
    ref?.kind === 'file' && upload ? undefined : ref,
    spaceId,
    changeRequestId,
  );
  const previewUrl =
    source === 'upload' && upload ? `data:${upload.contentType};base64,${upload.base64}` : shownUrl;

  const choose = async (file: File | undefined) => {
    setRefusal(undefined);
    if (!file) return;
    if (!IMAGE_TYPES.test(file.type)) {
      setRefusal(`${file.name} is not an image (PNG, JPEG, GIF, WebP or SVG).`);
      return;
    }
    if (maxBytes !== undefined && file.size > maxBytes) {
      setRefusal(
        `${file.name} is ${sizeText(file.size)}: a cover may be ${sizeText(maxBytes)} at most here.`,
      );
      return;
    }
    try {
      if (!storesAtOnce) {
        const base64 = await readBase64(file);
        setUpload({
          ref: `cover-${Date.now().toString(36)}`,
          name: file.name,
          contentType: file.type,
          base64,
        });
        return;
      }
      setProgress({ sent: 0, total: file.size });
      const stored = await uploadBytes(
        { spaceId, ...(target.kind === 'changeRequest' ? { changeRequestId: target.id } : {}) },
        file,
        csrfTokenOf(queryClient, trpc),
        (sent, total) => setProgress({ sent, total }),
      );
      await queryClient.invalidateQueries({ queryKey: trpc.spaces.content.files.list.pathKey() });
      setFileId(stored.id);
      setSource('files');
    } catch (failure) {
      setRefusal(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setProgress(undefined);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ref) {
      setRefusal('Choose an image first.');
      return;
    }
    onSave(
      { ref, yPos, ...(height !== DEFAULT_COVER_HEIGHT ? { height } : {}) },
      source === 'upload' ? upload : undefined,
    );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog cover-dialog">
          <Dialog.Title>Cover of {page.title || 'the page'}</Dialog.Title>
          <Dialog.Description className="muted">
            An image across the top of the page. Move it inside its frame to show the part you want.
          </Dialog.Description>
          <form onSubmit={submit} className="form">
            <fieldset className="cover-sources">
              <legend>Image</legend>
              {(
                [
                  ['files', 'From the space’s files'],
                  ['upload', 'Upload from the computer'],
                  ['url', 'From an address'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="cover-source">
                  <input
                    type="radio"
                    name="cover-source"
                    value={value}
                    checked={source === value}
                    onChange={() => setSource(value)}
                  />{' '}
                  {label}
                </label>
              ))}
            </fieldset>
            {source === 'files' && (
              <div className="field">
                <label htmlFor={ids + 'file'}>Image file</label>
                <select id={ids + 'file'} value={fileId} onChange={(event) => setFileId(event.target.value)}>
                  <option value="">
                    {images.length === 0 ? 'No image in the space yet' : 'Choose an image'}
                  </option>
                  {images.map((file) => (
                    <option key={file.id} value={file.id}>
                      {file.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {source === 'upload' && (
              <div className="field">
                <input
                  ref={picker}
                  type="file"
                  accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
                  hidden
                  aria-label="Cover image to upload"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    void choose(file);
                  }}
                />
                <button
                  type="button"
                  className="button"
                  disabled={progress !== undefined}
                  onClick={() => picker.current?.click()}
                >
                  Choose an image…
                </button>
                <p className="field-hint">
                  {upload ? `${upload.name}, saved with the cover. ` : ''}
                  {maxBytes !== undefined ? `Up to ${sizeText(maxBytes)}.` : ''}
                </p>
                {progress && (
                  <label>
                    Uploading{' '}
                    <progress value={progress.sent} max={progress.total || 1}>
                      {Math.round((progress.sent / (progress.total || 1)) * 100)}%
                    </progress>
                  </label>
                )}
              </div>
            )}
            {source === 'url' && (
              <div className="field">
                <label htmlFor={ids + 'url'}>Address of the image</label>
                <input
                  id={ids + 'url'}
                  type="url"
                  maxLength={2048}
                  placeholder="https://…"
                  value={url}
                  onChange={(event) => setUrl(event.target.value)}
                />
              </div>
            )}
            {previewUrl !== undefined && (
              <CoverFrame
                url={previewUrl}
                yPos={yPos}
                height={height}
                onImageLoad={(image) => {
                  // How far the image can move: its height at the frame's width, less the frame's.
                  const frame = image.parentElement?.clientWidth ?? 0;
                  if (image.naturalWidth > 0 && frame > 0) {
                    const shown = Math.max((image.naturalHeight * frame) / image.naturalWidth, height);
                    setLowest(Math.min(0, Math.round(height - shown)));
                  }
                }}
              />
            )}
            <div className="field">
              <label htmlFor={ids + 'position'}>Position</label>
              <input
                id={ids + 'position'}
                type="range"
                min={Math.min(lowest, yPos)}
                max={0}
                step={1}
                value={yPos}
                aria-valuetext={`${-yPos} pixels from the top of the image`}
                onChange={(event) => setYPos(Number(event.target.value))}
              />
            </div>
            <div className="field">
              <label htmlFor={ids + 'height'}>Height in pixels</label>
              <input
                id={ids + 'height'}
                type="number"
                min={10}
                max={700}
                value={height}
                onChange={(event) => setHeight(Math.min(700, Math.max(10, Number(event.target.value) || 0)))}
              />
            </div>
            {refusal && (
              <p role="alert" className="form-error">
                {refusal}
              </p>
            )}
            <FormError error={error} />
            <div className="dialog-actions">
              {current && (
                <button type="button" className="button" disabled={pending} onClick={() => onSave(null)}>
                  Remove the cover
                </button>
              )}
              <Dialog.Close className="button">Cancel</Dialog.Close>
              <button
                type="submit"
                className="button button-primary"
                disabled={pending || progress !== undefined}
              >
                Save the cover
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
