/**
 * Quire's reader: a published site's pages as server-rendered HTML (issue 29).
 * Pure rendering: what to render comes from the publishing operations the server calls.
 */
export {};
