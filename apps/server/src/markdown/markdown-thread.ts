/**
 * The entry of the markdown threads (`ThreadedUntrustedMarkdown`, built as
 * `dist/markdown-thread.js`): reads one text from outside with `readUntrustedMarkdown`. It
 * first tells the pool it started, by the task's id: the deadline counts from then, so a
 * text waiting behind another loses none of its time.
 */
import { parentPort } from 'node:worker_threads';
import { readUntrustedMarkdown, type UntrustedMarkdownReading } from '@quire/documents';

export interface MarkdownTask {
  id: number;
  markdown: string;
  frontMatter: boolean;
}

/** What a markdown thread tells its pool when it takes a task. */
export interface MarkdownTaskStarted {
  markdownTaskStarted: number;
}

export default function readMarkdownInThread(task: MarkdownTask): UntrustedMarkdownReading {
  parentPort?.postMessage({ markdownTaskStarted: task.id } satisfies MarkdownTaskStarted);
  return readUntrustedMarkdown(task.markdown, { frontMatter: task.frontMatter });
}
