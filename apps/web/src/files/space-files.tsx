/**
 * A space's files (issue 30, item 4): upload by picker or by dropping files on the screen
 * (progress shown; the server's limit said before, and a larger file refused before sending),
 * and each file with its preview (images), name, size and type, to rename, replace (new
 * bytes under the same id: every page showing it shows them) or delete, saying first where it
 * is used (the pages that show or link to it). Renames and deletes are the live content's batch
 * (`update_file`, `delete_file`); uploads and replacements the byte upload.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTRPC, useTRPCClient } from '../api/trpc';
import { sameOriginFileUrl } from '../content/same-origin-file-url';
import { csrfTokenOf } from '../session/session-queries';
import { FileUsage } from './file-usage';
import { sizeText } from './size-text';
import { type UploadedFile, uploadBytes } from './upload-bytes';
import './space-files.css';

interface Progress {
  name: string;
  sent: number;
  total: number;
}

export function SpaceFiles({ spaceId }: { spaceId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const files = useQuery(trpc.spaces.content.files.list.queryOptions({ spaceId, limit: 1000 }));
  const limits = useQuery(trpc.spaces.content.files.limits.queryOptions({ spaceId }));
  const [progress, setProgress] = useState<Progress | undefined>(undefined);
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>(undefined);
  const picker = useRef<HTMLInputElement>(null);
  const maxBytes = limits.data?.maxUploadBytes;

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.spaces.content.files.list.pathKey() });

  /** Sends files one after the other; a file over the limit is refused here, named. */
  const send = async (chosen: File[], replace?: string) => {
    for (const file of chosen) {
      if (maxBytes !== undefined && file.size > maxBytes) {
        setMessage({
          text: `${file.name} is ${sizeText(file.size)}: files may be ${sizeText(maxBytes)} at most.`,
          error: true,
        });
        continue;
      }
      setProgress({ name: file.name, sent: 0, total: file.size });
      try {
        const uploaded: UploadedFile = await uploadBytes(
          { spaceId, ...(replace !== undefined ? { replace } : {}) },
          file,
          csrfTokenOf(queryClient, trpc),
          (sent, total) => setProgress({ name: file.name, sent, total }),
        );
        setMessage({ text: `${replace ? 'Replaced' : 'Uploaded'} ${uploaded.name}.`, error: false });
      } catch (error) {
        setMessage({ text: error instanceof Error ? error.message : String(error), error: true });
      } finally {
        setProgress(undefined);
      }
    }
    await refresh();
  };

  const onDrop = (event: DragEvent) => {
    if (event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    void send([...event.dataTransfer.files]);
  };

  return (
    <section
      className="space-files"
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
      aria-label="Files"
    >
      <div className="space-files-upload">
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          aria-label="Files to upload"
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            event.target.value = '';
            void send(chosen);
          }}
        />
        <button
          type="button"
          className="button"
          onClick={() => picker.current?.click()}
          disabled={progress !== undefined}
        >
          Upload files
        </button>
        <span className="space-files-hint">
          or drop them here{maxBytes !== undefined ? ` · up to ${sizeText(maxBytes)} each` : ''}
        </span>
      </div>
      {progress && (
        <p className="space-files-progress">
          <label>
            Uploading {progress.name}{' '}
            <progress value={progress.sent} max={progress.total || 1}>
              {Math.round((progress.sent / (progress.total || 1)) * 100)}%
            </progress>
          </label>
        </p>
      )}
      <p role="status" className={message?.error ? 'form-error' : 'space-files-done'}>
        {message?.text}
      </p>
      {files.isPending ? (
        <p>Loading the files…</p>
      ) : files.error ? (
        <p role="alert">The files could not be read: {files.error.message}</p>
      ) : files.data.items.length === 0 ? (
        <p className="empty">No files yet: upload some, or paste an image into a page.</p>
      ) : (
        <ul className="space-files-list">
          {files.data.items.map((file) => (
            <FileRow
              key={file.id}
              spaceId={spaceId}
              file={file}
              onReplace={(chosen) => send([chosen], file.id)}
              onChanged={refresh}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

interface ListedFile {
  id: string;
  name: string;
  contentType: string;
  downloadURL: string;
  size: number;
  dimensions?: { width: number; height: number } | undefined;
}

function FileRow({
  spaceId,
  file,
  onReplace,
  onChanged,
}: {
  spaceId: string;
  file: ListedFile;
  onReplace: (file: File) => Promise<void>;
  onChanged: () => Promise<void>;
}) {
  const client = useTRPCClient();
  const id = useId();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(file.name);
  const replacer = useRef<HTMLInputElement>(null);
  const change = useMutation({
    mutationFn: (
      changes: Array<
        { operation: 'update_file'; file: string; name: string } | { operation: 'delete_file'; file: string }
      >,
    ) => client.spaces.content.update.mutate({ spaceId, changes }),
    onSuccess: async () => {
      setMode('view');
      await onChanged();
    },
  });
  const url = sameOriginFileUrl(file.downloadURL);
  const image = /^image\/(png|jpeg|gif|webp|avif)$/.test(file.contentType);
  return (
    <li className="space-file" aria-labelledby={id}>
      <div className="space-file-preview">
        {image ? <img src={url} alt="" /> : <span aria-hidden="true">{extensionOf(file.name)}</span>}
      </div>
      <div className="space-file-facts">
        <a id={id} href={url} className="space-file-name" download={file.name}>
          {file.name}
        </a>
        <span>
          {sizeText(file.size)} · {file.contentType}
          {file.dimensions ? ` · ${file.dimensions.width}×${file.dimensions.height}` : ''}
        </span>
      </div>
      {mode === 'rename' ? (
        <form
          className="space-file-rename"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim() !== '')
              change.mutate([{ operation: 'update_file', file: file.id, name: name.trim() }]);
          }}
        >
          <label>
            New name of {file.name}
            <input value={name} onChange={(event) => setName(event.target.value)} maxLength={256} required />
          </label>
          <button type="submit" className="button" disabled={change.isPending}>
            Save name
          </button>
          <button type="button" className="button" onClick={() => setMode('view')}>
            Cancel
          </button>
        </form>
      ) : mode === 'delete' ? (
        <fieldset className="space-file-delete">
          <legend className="visually-hidden">Delete {file.name}</legend>
          <FileUsage spaceId={spaceId} fileId={file.id} />
          <button
            type="button"
            className="button danger"
            disabled={change.isPending}
            onClick={() => change.mutate([{ operation: 'delete_file', file: file.id }])}
          >
            Delete {file.name}
          </button>
          <button type="button" className="button" onClick={() => setMode('view')}>
            Keep it
          </button>
        </fieldset>
      ) : (
        <div className="space-file-actions">
          <button
            type="button"
            className="button"
            onClick={() => setMode('rename')}
            aria-label={`Rename ${file.name}`}
          >
            Rename
          </button>
          <input
            ref={replacer}
            type="file"
            hidden
            aria-label={`New bytes for ${file.name}`}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (chosen) void onReplace(chosen);
            }}
          />
          <button
            type="button"
            className="button"
            onClick={() => replacer.current?.click()}
            aria-label={`Replace ${file.name}`}
          >
            Replace
          </button>
          <button
            type="button"
            className="button"
            onClick={() => setMode('delete')}
            aria-label={`Delete ${file.name}…`}
          >
            Delete…
          </button>
        </div>
      )}
      {change.error && (
        <p role="alert" className="form-error">
          {change.error.message}
        </p>
      )}
    </li>
  );
}

const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toUpperCase() ?? 'FILE';
