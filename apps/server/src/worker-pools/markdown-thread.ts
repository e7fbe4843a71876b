/**
 * The entry of the markdown threads (`LimitedPool('markdown-thread')`, for
 * `ThreadedUntrustedMarkdown`; built as `dist/markdown-thread.js`): reads one text from
 * outside with `readUntrustedMarkdown`. `warm` loads the reader before the first text.
 */
import { readUntrustedMarkdown } from '@quire/documents';
import { serveTasks } from './thread-task';

export interface MarkdownTask {
  markdown: string;
  frontMatter: boolean;
}

export default serveTasks({
  'markdown-read': async (task: MarkdownTask) =>
    readUntrustedMarkdown(task.markdown, { frontMatter: task.frontMatter }),
  warm: async () => null,
});
