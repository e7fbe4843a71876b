/**
 * The port to the docs renderers that serve Quire's published sites (GitBook's renderer,
 * or Quire's reader behind a cache): told which cache tags to drop when content changes.
 */

export interface RendererRevalidation {
  /** False when no renderer is configured: nothing is enqueued then. */
  readonly configured: boolean;
  /**
   * Tells every configured renderer to drop what it keeps under `tags`. Rejects when one of
   * them could not be told (unreachable, refused, too slow): the job tries again later.
   */
  revalidate(tags: readonly string[], signal: AbortSignal): Promise<void>;
}

declare module '../core/context' {
  interface AreaPorts {
    /** The docs renderers to tell about changes, as the server is configured. */
    rendererRevalidation: RendererRevalidation;
  }
}
