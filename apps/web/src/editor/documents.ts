/**
 * The server's own markdown <-> document conversion (`@quire/documents`), run in the browser
 * so that the editor's round trip is checked against exactly what the server stores.
 * Imported module by module (the package's subpath exports): its index also brings the
 * write-side zod schema, whose eval probe the app's Content-Security-Policy reports.
 */
export { imageRefFromUrl, linkRefFromUrl, urlOfRef } from '@quire/documents/content-ref';
export type * from '@quire/documents/document-types';
export { markdownToDocument } from '@quire/documents/to-document';
export { documentToMarkdown, userMentionNamesOf } from '@quire/documents/to-markdown';
