/**
 * Rendered outputs of published sites (HTML pages, markdown, llms.txt, sitemaps), kept by
 * their key (`render-key.ts`) and bounded by bytes: the least recently used go first when a
 * new one would pass the bound. Nothing expires by time: a key names an exact state (an
 * immutable revision, a site version, a visitor's claims), so a change of content or settings
 * makes new keys and the old entries simply age out. A Map's insertion order is the recency
 * order (a hit moves its entry to the end).
 */

export interface RenderedOutput {
  body: Buffer;
  /** The `Content-Type` to answer with. */
  contentType: string;
  /** The key, which is also the strong ETag (quoted when sent). */
  key: string;
}

/** The default bound: 64 MB of outputs (a 5,000-page site's pages at ~10 KB each, with room). */
export const DEFAULT_RENDER_CACHE_BYTES = 64 * 1024 * 1024;

export class RenderCache {
  readonly #entries = new Map<string, RenderedOutput>();
  #bytes = 0;
  #hits = 0;
  #stored = 0;

  constructor(readonly maxBytes: number = DEFAULT_RENDER_CACHE_BYTES) {}

  get(key: string): RenderedOutput | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#hits += 1;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Keeps an output (one larger than the whole bound is not kept) and returns it. */
  set(key: string, body: string | Buffer, contentType: string): RenderedOutput {
    const output: RenderedOutput = {
      key,
      contentType,
      body: typeof body === 'string' ? Buffer.from(body) : body,
    };
    this.#stored += 1;
    const previous = this.#entries.get(key);
    if (previous !== undefined) {
      this.#entries.delete(key);
      this.#bytes -= sizeOf(previous);
    }
    const size = sizeOf(output);
    if (size > this.maxBytes) return output;
    this.#entries.set(key, output);
    this.#bytes += size;
    for (const [oldKey, oldEntry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldKey);
      this.#bytes -= sizeOf(oldEntry);
    }
    return output;
  }

  /** The output of `key`, rendered by `render` when the cache has none. */
  async getOrRender(
    key: string,
    render: () => Promise<{ body: string | Buffer; contentType: string }>,
  ): Promise<RenderedOutput> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const { body, contentType } = await render();
    return this.set(key, body, contentType);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  /**
   * Outputs answered from the cache, and outputs stored (each made by a render: every render
   * of the reader ends in `set`), since the cache was made: what shows a render repeated.
   */
  get counts(): { hits: number; stored: number } {
    return { hits: this.#hits, stored: this.#stored };
  }
}

/** An entry's weight: its body and key (the map's own overhead is small beside a page). */
const sizeOf = (output: RenderedOutput): number => output.body.byteLength + output.key.length * 2 + 64;

const caches = new WeakMap<object, RenderCache>();

/**
 * The one cache of an app, shared by the HTML pages and the machine formats: found from the
 * app's services or any request context made from them (both read the same repositories
 * object, which stands for the app's store).
 */
export function renderCacheOf(owner: { repos: object }): RenderCache {
  let cache = caches.get(owner.repos);
  if (cache === undefined) {
    cache = new RenderCache();
    caches.set(owner.repos, cache);
  }
  return cache;
}
