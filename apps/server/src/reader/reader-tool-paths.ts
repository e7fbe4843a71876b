/**
 * Where, under a site space's base path, the page's script reaches the readers' tools (issue 29,
 * item 6): the search box's suggestions and the page's events. `~reader/` is never a page path.
 */

/** The search box's suggestions (GET, JSON), `site-search-page.ts`. */
export const SUGGESTIONS_PATH = '~reader/search';

/**
 * The Ask box's answer, streamed (GET `?ask=`, server-sent events), `site-ask-stream.ts`; with no
 * question, the questions the box suggests when it opens empty (JSON), `site-ask-questions.ts`.
 */
export const ASK_STREAM_PATH = '~reader/ask';

/** The page's events (POST, JSON), `reader-events.ts`. */
export const EVENTS_PATH = '~reader/events';
