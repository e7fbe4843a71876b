/**
 * The server's way of bringing files in (the domain's `IncomingFiles` port): inline bytes
 * decoded from strict base64, or bytes fetched through the one outbound-fetch module (public
 * addresses only unless allowed, a time limit, a size limit), described (`describeFile`) and
 * stored in the blob store by content hash.
 */
import {
  type IncomingFile,
  IncomingFileError,
  type IncomingFileSizeLimits,
  type IncomingFileSource,
  type IncomingFiles,
} from '@quire/domain';
import type { StoredBlobs } from '@quire/persistence';
import { fetchPublicUrl } from '../outbound/fetch-public-url';
import { OutboundFetchError } from '../outbound/outbound-fetch-error';
import { describeFile } from './describe-file';
import { ReceivedUploads } from './received-uploads';

export interface IncomingFileLimits {
  /** Largest inline (base64) file, in bytes. */
  maxInlineBytes: number;
  /** Largest fetched file, in bytes. */
  maxFetchedBytes: number;
  fetchTimeoutMs: number;
  /** Hosts exempt from the public-address rule (`QUIRE_FETCH_ALLOW_HOSTS`). */
  allowHosts: readonly string[];
}

export const DEFAULT_INCOMING_FILE_LIMITS: Omit<IncomingFileLimits, 'allowHosts'> = {
  maxInlineBytes: 1024 * 1024,
  maxFetchedBytes: 100 * 1024 * 1024,
  fetchTimeoutMs: 15_000,
};

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export class ServerIncomingFiles implements IncomingFiles {
  /** Bytes the REST face's byte upload received, by the token its operation's input carries. */
  readonly received = new ReceivedUploads();
  readonly limits: IncomingFileSizeLimits;

  constructor(
    private readonly blobs: StoredBlobs,
    private readonly settings: IncomingFileLimits,
  ) {
    this.limits = { maxInlineBytes: settings.maxInlineBytes, maxUploadBytes: settings.maxFetchedBytes };
  }

  async take(source: IncomingFileSource, beforeStoring?: () => Promise<void>): Promise<IncomingFile> {
    if (source.upload !== undefined) {
      const taken = this.received.take(source.upload, (bytes) =>
        this.#stored(bytes, source.name, source.contentType, beforeStoring),
      );
      if (!taken) throw new IncomingFileError('bad-upload', 'no bytes were received under this upload');
      return taken;
    }
    const { bytes, declared } = await this.#bytesOf(source);
    return this.#stored(bytes, source.name, declared, beforeStoring);
  }

  keep(hash: string): Promise<boolean> {
    return this.blobs.touch(hash);
  }

  async #stored(
    bytes: Uint8Array,
    name: string,
    declared: string | undefined,
    beforeStoring: (() => Promise<void>) | undefined,
  ): Promise<IncomingFile> {
    const description = describeFile(bytes, name, declared);
    await beforeStoring?.();
    const stored = await this.blobs.put(bytes);
    return {
      hash: stored.hash,
      size: stored.size,
      contentType: description.contentType,
      ...(description.dimensions ? { dimensions: description.dimensions } : {}),
    };
  }

  async #bytesOf(source: IncomingFileSource): Promise<{ bytes: Uint8Array; declared: string | undefined }> {
    if (source.base64 !== undefined) {
      const text = source.base64.replace(/\s+/g, '');
      // Checked before decoding: Buffer.from would skip characters it does not know.
      if (!BASE64.test(text)) throw new IncomingFileError('bad-base64', 'not valid base64');
      if ((text.length / 4) * 3 > this.settings.maxInlineBytes + 2) {
        throw new IncomingFileError(
          'too-large',
          `inline files are limited to ${this.settings.maxInlineBytes} bytes`,
        );
      }
      const bytes = new Uint8Array(Buffer.from(text, 'base64'));
      if (bytes.byteLength > this.settings.maxInlineBytes) {
        throw new IncomingFileError(
          'too-large',
          `inline files are limited to ${this.settings.maxInlineBytes} bytes`,
        );
      }
      return { bytes, declared: source.contentType };
    }
    if (source.url === undefined) throw new IncomingFileError('bad-url', 'a file needs `url` or `base64`');
    try {
      const fetched = await fetchPublicUrl(source.url, {
        maxBytes: this.settings.maxFetchedBytes,
        timeoutMs: this.settings.fetchTimeoutMs,
        allowHosts: this.settings.allowHosts,
      });
      return { bytes: fetched.bytes, declared: source.contentType ?? fetched.contentType };
    } catch (error) {
      // The fetch module's reasons and safe messages are the port's.
      if (error instanceof OutboundFetchError) throw new IncomingFileError(error.reason, error.message);
      throw error;
    }
  }
}
