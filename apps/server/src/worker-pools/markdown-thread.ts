/**
 * The entry of the markdown threads (`LimitedPool('markdown-thread')`, for
 * `ThreadedUntrustedMarkdown`; built as `dist/markdown-thread.js`): reads one text from
 * outside with `readUntrustedMarkdown`. `warm` loads the reader before the first text.
 */
import { type LinkTargets, readUntrustedMarkdown } from '@quire/documents';
import { serveTasks } from './thread-task';

export interface MarkdownTask {
  markdown: string;
  frontMatter: boolean;
  /** Targets to change in the stored form (structured clone carries the maps). */
  links?: LinkTargets;
}

export default serveTasks({
  'markdown-read': async (task: MarkdownTask) =>
    readUntrustedMarkdown(task.markdown, {
      frontMatter: task.frontMatter,
      ...(task.links ? { links: task.links } : {}),
    }),
  warm: async () => null,
});
