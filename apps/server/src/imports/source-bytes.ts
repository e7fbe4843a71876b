/**
 * The bytes of a one-file import (html, markdown, zip, docx): given with the request or
 * fetched from its URL, with their name, and the URL and content type they came with.
 * In a file of its own so that the readers taking them (`read-html-page.ts`) do not import
 * `server-content-imports.ts`, which makes them and calls the readers.
 */
export interface SourceBytes {
  bytes: Uint8Array;
  name: string;
  url?: string;
  contentType?: string;
}
