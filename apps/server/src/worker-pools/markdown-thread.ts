/**
 * The entry of the markdown threads (`LimitedPool('markdown-thread')`, for
 * `ThreadedUntrustedMarkdown`; built as `dist/markdown-thread.js`): reads one text from
 * outside with `readUntrustedMarkdown`, or converts stored texts to their documents' JSON
 * (`markdown-documents`: a list of comments read as documents). `warm` loads the reader
 * before the first text.
 */
import { documentJsonOfStoredText, type LinkTargets, readUntrustedMarkdown } from '@quire/documents';
import { serveTasks } from './thread-task';

export interface MarkdownTask {
  markdown: string;
  frontMatter: boolean;
  /** Targets to change in the stored form (structured clone carries the maps). */
  links?: LinkTargets;
}

export interface MarkdownDocumentsTask {
  markdowns: string[];
}

export default serveTasks({
  'markdown-read': async (task: MarkdownTask) =>
    readUntrustedMarkdown(task.markdown, {
      frontMatter: task.frontMatter,
      ...(task.links ? { links: task.links } : {}),
    }),
  'markdown-documents': async (task: MarkdownDocumentsTask) => task.markdowns.map(documentJsonOfStoredText),
  warm: async () => null,
});
