/**
 * The files of one import: bytes described (`describeFile`: the bytes' own type first),
 * stored in the blob store, and given a ref the pages' markdown points at
 * (`quire-import:file/<ref>`). The same source (a URL, a zip path) read twice is one file.
 * With a budget, each file's bytes are counted against the import's total before it is
 * stored (`ImportBudget`: past the limit, the import fails and nothing more is stored).
 */
import type { BlobStore, ImportedFile } from '@quire/domain';
import { describeFile } from '../files/describe-file';
import type { ImportBudget } from './import-budget';

export class ImportedFiles {
  readonly #files: ImportedFile[] = [];
  readonly #refBySource = new Map<string, string>();

  constructor(
    private readonly blobs: Pick<BlobStore, 'put'>,
    private readonly budget?: ImportBudget,
  ) {}

  /** The ref of the file already read from `source`, if any. */
  refOf(source: string): string | undefined {
    return this.#refBySource.get(source);
  }

  /** Stores the bytes read from `source` (once per source) and answers the file's ref. */
  async add(source: string, name: string, bytes: Uint8Array, declaredContentType?: string): Promise<string> {
    const known = this.#refBySource.get(source);
    if (known !== undefined) return known;
    this.budget?.take(bytes.byteLength);
    const description = describeFile(bytes, name, declaredContentType);
    const stored = await this.blobs.put(bytes);
    const ref = `file-${this.#files.length + 1}`;
    this.#files.push({
      ref,
      name,
      hash: stored.hash,
      size: stored.size,
      contentType: description.contentType,
      ...(description.dimensions ? { dimensions: description.dimensions } : {}),
    });
    this.#refBySource.set(source, ref);
    return ref;
  }

  list(): ImportedFile[] {
    return [...this.#files];
  }
}
