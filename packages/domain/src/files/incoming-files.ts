/**
 * Bringing a file's bytes in from outside: inline (base64) or from a public URL, checked,
 * described (content type, size, image dimensions) and stored in the blob store by content
 * hash. A port because fetching, sniffing and storing are I/O; the operations only record
 * what comes back.
 */

export interface IncomingFileSource {
  name: string;
  /** The declared type (required with `base64`); the bytes' own type wins for images. */
  contentType?: string | undefined;
  base64?: string | undefined;
  url?: string | undefined;
}

export interface IncomingFile {
  /** Lowercase hex SHA-256 of the bytes: where the blob store keeps them. */
  hash: string;
  size: number;
  contentType: string;
  dimensions?: { width: number; height: number };
}

/** Why a file could not be brought in; `message` is safe to show to the caller. */
export type IncomingFileFailure =
  | 'bad-base64'
  | 'too-large'
  | 'bad-url'
  | 'private-address'
  | 'unreachable'
  | 'timeout'
  | 'bad-status';

export class IncomingFileError extends Error {
  override name = 'IncomingFileError';
  constructor(
    readonly reason: IncomingFileFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface IncomingFiles {
  /** The file, stored; throws `IncomingFileError` when it cannot be read, fetched or is too big. */
  take(source: IncomingFileSource): Promise<IncomingFile>;
}

declare module '../core/context' {
  interface AreaPorts {
    /** Files brought in by content edits (inline or from a URL), stored by content hash. */
    incomingFiles: IncomingFiles;
  }
}
