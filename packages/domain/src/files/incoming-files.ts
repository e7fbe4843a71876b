/**
 * Bringing a file's bytes in from outside: inline (base64), from a public URL, or received
 * by the server's byte upload (an `upload` token, valid for the request that sent them), checked,
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
  /**
   * Bytes a face received itself (the REST face's byte upload, `POST .../content/files/upload`):
   * the token it holds them under while its request lasts. Taking it twice (an edit that lost
   * a race applies again) answers the same file.
   */
  upload?: string | undefined;
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
  | 'bad-status'
  | 'bad-upload';

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
  /**
   * The file, stored; throws `IncomingFileError` when it cannot be read, fetched or is too big.
   * `beforeStoring` is called once the bytes are read and checked, before any is stored: what
   * it throws is thrown, and nothing is stored (an upload whose place ended while its bytes
   * arrived leaves no blob).
   */
  take(source: IncomingFileSource, beforeStoring?: () => Promise<void>): Promise<IncomingFile>;
  /**
   * A file already stored, about to be named again by a record without its bytes coming in (a
   * site's customization keeping an address of Quire's files): its bytes are dated as storing
   * them again would, so the blob collection's grace starts again and cannot delete them
   * before the record names them. False when no stored file has this hash: the caller must
   * not name it.
   */
  keep(hash: string): Promise<boolean>;
  /** The largest file each way accepts, in bytes (what a client says before sending one). */
  readonly limits: IncomingFileSizeLimits;
}

export interface IncomingFileSizeLimits {
  /** Sent inline, as base64 in JSON. */
  maxInlineBytes: number;
  /** Sent as bytes (the byte upload) or fetched from a URL. */
  maxUploadBytes: number;
}

declare module '../core/context' {
  interface AreaPorts {
    /** Files brought in by content edits (inline or from a URL), stored by content hash. */
    incomingFiles: IncomingFiles;
  }
}
