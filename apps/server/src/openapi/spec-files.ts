/**
 * The files of one specification: the root document and every file its `$ref`s reach,
 * read through the outbound-fetch module only (the parser's own file and HTTP readers are
 * off; it reads through `readReferenced`). They are the specification's `filesystem`.
 *
 * - Every referenced file passes `referenceRefusal` before anything is fetched.
 * - `maxBytes` bounds each file (the outbound module's limit) and all of them together.
 * - `timeoutMs` bounds every fetch of the specification together: each fetch gets the time
 *   left, so a spec of many slow files cannot hold a job for longer than that.
 * - At most MAX_CONCURRENT_FETCHES files are fetched at once: the parser asks for every file
 *   a document references together, and a spec of hundreds of files must not open hundreds
 *   of connections to its host.
 * - The first failure is kept (`failure`): the parser wraps what its readers throw in errors
 *   of its own, and several files may be read at once; the first one is what went wrong.
 */
import type SwaggerParser from '@apidevtools/swagger-parser';
import { fetchPublicUrl, type OutboundFetchLimits } from '../outbound/fetch-public-url';
import { OutboundFetchError } from '../outbound/outbound-fetch-error';
import { OpenApiProcessingError } from './openapi-processing-error';
import { parseSpecText } from './parse-spec-text';
import {
  folderScopeOf,
  pathInFolder,
  type ReferenceRefusal,
  referenceRefusal,
  type SpecScope,
} from './spec-scope';

export interface SpecFile {
  /** The root's file name, or a referenced file's path relative to the root's folder. */
  path: string;
  content: string;
}

/** Where a specification given as text is said to be, for the parser: nothing is ever read there. */
const TEXT_BASE = 'https://text-source.invalid/';

const MAX_CONCURRENT_FETCHES = 4;

const REFUSALS: Record<ReferenceRefusal, string> = {
  'text-source': 'a specification given as text cannot reference other files',
  'other-host': "it is not on the specification's host, and remote files are not fetched",
  'outside-folder': "it is outside the specification's folder: only files next to it or below it are read",
};

export class SpecFiles {
  private readonly files: SpecFile[] = [];
  private firstFailure: OpenApiProcessingError | undefined;
  private totalBytes = 0;
  private fetching = 0;
  /** Fetches waiting for one of the MAX_CONCURRENT_FETCHES places. */
  private readonly waiting: (() => void)[] = [];

  private constructor(
    private readonly scope: SpecScope,
    /** The URL `$ref`s of the root document are resolved against. */
    readonly rootUrl: string,
    readonly rootName: string,
    private readonly limits: OutboundFetchLimits,
    /** When every fetch of the specification must be over (`Date.now()` time). */
    private readonly deadline: number,
  ) {}

  /** A specification given as its text. */
  static ofText(text: string, limits: OutboundFetchLimits): SpecFiles {
    const rootName = looksLikeJson(text) ? 'openapi.json' : 'openapi.yaml';
    const files = new SpecFiles({ kind: 'text' }, TEXT_BASE + rootName, rootName, limits, Date.now());
    files.add(rootName, text, Buffer.byteLength(text));
    return files;
  }

  /** A specification at `url`: its root document is fetched now. */
  static async ofUrl(url: string, limits: OutboundFetchLimits): Promise<SpecFiles> {
    const deadline = Date.now() + limits.timeoutMs;
    const fetched = await fetchPublicUrl(url, limits).catch((error: unknown) => {
      throw fetchFailure(error, 'The specification', limits.timeoutMs);
    });
    const text = decodeText(fetched.bytes, 'The specification');
    const finalUrl = new URL(fetched.finalUrl);
    const name = lastSegment(finalUrl) || (looksLikeJson(text) ? 'openapi.json' : 'openapi.yaml');
    const files = new SpecFiles(folderScopeOf(finalUrl), finalUrl.href, name, limits, deadline);
    files.add(name, text, fetched.bytes.byteLength);
    return files;
  }

  /**
   * The root document, then the files it references by path (files are read concurrently:
   * the order is the paths', so that it does not depend on which server answered first).
   */
  get filesystem(): SpecFile[] {
    const [root, ...referenced] = this.files;
    return [root!, ...referenced.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))];
  }

  /** The first failure met while reading or parsing a file, if any. */
  get failure(): OpenApiProcessingError | undefined {
    return this.firstFailure;
  }

  /** The root document's value. */
  parseRoot(): unknown {
    return parseSpecText(this.files[0]!.content, this.rootName);
  }

  /** The parser's reader: the text of a file a `$ref` points to. */
  async readReferenced(file: SwaggerParser.FileInfo): Promise<string> {
    try {
      const target = new URL(file.url);
      const reference = JSON.stringify(file.reference ?? file.url);
      const from = file.baseUrl ? this.labelOf(file.baseUrl) : this.rootName;
      const refusal = referenceRefusal(target, this.scope);
      if (refusal !== null)
        throw new OpenApiProcessingError(
          'PARSE_ERROR',
          `The $ref ${reference} in ${from} cannot be followed: ${REFUSALS[refusal]}`,
        );
      const path = pathInFolder(target, this.scope);
      const label = `"${path}" (the $ref ${reference} in ${from})`;
      const fetched = await this.inTurn(() =>
        fetchPublicUrl(target.href, { ...this.limits, timeoutMs: this.timeLeft() }),
      ).catch((error: unknown) => {
        throw fetchFailure(error, label, this.limits.timeoutMs);
      });
      const text = decodeText(fetched.bytes, label);
      this.add(path, text, fetched.bytes.byteLength);
      return text;
    } catch (error) {
      throw this.keep(error);
    }
  }

  /**
   * A reader of the files already read (for a second pass over the description, such as its
   * bundle): nothing is fetched again, and a file not read before is an error.
   */
  async readKept(file: SwaggerParser.FileInfo): Promise<string> {
    const target = new URL(file.url);
    target.hash = '';
    const path = target.href === this.rootUrl ? this.files[0]?.path : this.labelOf(target.href);
    const kept = this.files.find((candidate) => candidate.path === path);
    if (!kept)
      throw new OpenApiProcessingError('PARSE_ERROR', `${file.url} was not read with the description`);
    return kept.content;
  }

  /** The parser's parser: every referenced file is read as JSON or YAML, whatever its name. */
  parseReferenced(file: SwaggerParser.FileInfo): unknown {
    try {
      return parseSpecText(String(file.data), this.labelOf(file.url));
    } catch (error) {
      throw this.keep(error);
    }
  }

  /** Runs `fetch` once fewer than MAX_CONCURRENT_FETCHES others are running. */
  private async inTurn<T>(fetch: () => Promise<T>): Promise<T> {
    if (this.fetching >= MAX_CONCURRENT_FETCHES)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.fetching++;
    try {
      return await fetch();
    } finally {
      this.fetching--;
      this.waiting.shift()?.();
    }
  }

  private add(path: string, content: string, bytes: number): void {
    this.totalBytes += bytes;
    if (this.totalBytes > this.limits.maxBytes)
      throw new OpenApiProcessingError(
        'FETCH_ERROR',
        `The specification's files together are larger than ${this.limits.maxBytes} bytes`,
      );
    if (!this.files.some((file) => file.path === path)) this.files.push({ path, content });
  }

  private keep(error: unknown): unknown {
    if (error instanceof OpenApiProcessingError) this.firstFailure ??= error;
    return error;
  }

  private timeLeft(): number {
    const left = this.deadline - Date.now();
    if (left <= 0)
      throw new OpenApiProcessingError(
        'FETCH_TIMEOUT',
        `The specification's files were not all fetched within ${this.limits.timeoutMs} ms`,
      );
    return left;
  }

  /** How a file is named in messages: the root by its name, others by their path. */
  private labelOf(url: string): string {
    const target = new URL(url);
    target.hash = '';
    if (target.href === this.rootUrl || this.scope.kind !== 'folder') return this.rootName;
    return pathInFolder(target, this.scope);
  }
}

/** An outbound failure in the caller's terms: a timeout, or any other failure to fetch. */
function fetchFailure(error: unknown, what: string, timeoutMs: number): unknown {
  if (!(error instanceof OutboundFetchError)) return error;
  if (error.reason === 'timeout')
    return new OpenApiProcessingError('FETCH_TIMEOUT', `${what} was not fetched within ${timeoutMs} ms`);
  return new OpenApiProcessingError('FETCH_ERROR', `${what} could not be fetched: ${error.message}`);
}

function decodeText(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new OpenApiProcessingError('PARSE_ERROR', `${what} is not UTF-8 text`);
  }
}

const looksLikeJson = (text: string) => /^\uFEFF?\s*[{[]/.test(text);

function lastSegment(url: URL): string {
  const segment = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
