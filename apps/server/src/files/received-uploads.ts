/**
 * Bytes a face receives itself (the REST face's byte upload) while its request lasts, under
 * a random token the operation's input carries as `upload`. The bytes are read only when the
 * operation takes them, after it authorized the caller, and once: a take that runs again (an
 * edit that lost a race applies again) answers the first one's file.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingFile } from '@quire/domain';

interface ReceivedUpload {
  read: () => Promise<Uint8Array>;
  taken?: Promise<IncomingFile>;
}

export class ReceivedUploads {
  readonly #held = new Map<string, ReceivedUpload>();

  /** Holds a request's bytes (read by `read`, not yet) under a new token. */
  hold(read: () => Promise<Uint8Array>): string {
    const token = randomBytes(18).toString('base64url');
    this.#held.set(token, { read });
    return token;
  }

  /** Forgets a token (its request ended, answered or not). */
  release(token: string): void {
    this.#held.delete(token);
  }

  /** The file taken from a token's bytes, taking it at the first call; undefined for an unknown token. */
  take(
    token: string,
    taking: (bytes: Uint8Array) => Promise<IncomingFile>,
  ): Promise<IncomingFile> | undefined {
    const upload = this.#held.get(token);
    if (!upload) return undefined;
    upload.taken ??= upload.read().then(taking);
    return upload.taken;
  }
}
