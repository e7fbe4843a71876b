/**
 * Sends a file's bytes to the server's byte upload (`POST /v1/spaces/{space}/content/files/
 * upload?name=`, `&replace=<file>` to replace a file's bytes; `/v1/spaces/{space}/change-
 * requests/{changeRequest}/content/files/upload` into a change request), reporting how much was sent:
 * XMLHttpRequest, because fetch tells nothing of an upload's progress. The browser's session
 * cookie authenticates it; the session's CSRF token goes with it as the header the server
 * checks on every change.
 */
import { CSRF_HEADER } from '../api/trpc';

export interface UploadedFile {
  id: string;
  name: string;
  contentType: string;
  downloadURL: string;
  size: number;
}

export function uploadBytes(
  target: { spaceId: string; changeRequestId?: string; replace?: string },
  file: File,
  csrfToken: string | undefined,
  onProgress: (sent: number, total: number) => void,
): Promise<UploadedFile> {
  const query = new URLSearchParams({ name: file.name });
  if (target.replace !== undefined) query.set('replace', target.replace);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const where =
      `/v1/spaces/${encodeURIComponent(target.spaceId)}` +
      (target.changeRequestId === undefined
        ? ''
        : `/change-requests/${encodeURIComponent(target.changeRequestId)}`);
    request.open('POST', `${where}/content/files/upload?${query}`);
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    if (csrfToken !== undefined) request.setRequestHeader(CSRF_HEADER, csrfToken);
    request.responseType = 'json';
    request.upload.onprogress = (event) => onProgress(event.loaded, event.total || file.size);
    request.onload = () => {
      const body = request.response as { error?: { message?: string } } | null;
      if (request.status === 201) resolve(body as unknown as UploadedFile);
      else reject(new Error(body?.error?.message ?? `The upload failed (${request.status}).`));
    };
    request.onerror = () => reject(new Error('The upload did not reach the server.'));
    request.send(file);
  });
}
