/**
 * The `UntrustedMarkdown` port read on the caller's thread, for the domain's own tests and
 * tools that hold no request thread. The server never uses it: its reading runs in threads
 * under a deadline (`apps/server/src/markdown`).
 */
import { documentJsonOfStoredText, readUntrustedMarkdown } from '@quire/documents';
import type { UntrustedMarkdown } from './ports/untrusted-markdown';

export const inProcessUntrustedMarkdown: UntrustedMarkdown = {
  read: async (markdown, options) => readUntrustedMarkdown(markdown, options),
  documentsOf: async (markdowns) => markdowns.map(documentJsonOfStoredText),
};
