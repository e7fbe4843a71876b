import type { Nodes, Root } from 'mdast';
import type { Processor } from 'unified';

/**
 * A text holding a URL stays text once printed (`https\://www\.x.com`, `a\@b.co`).
 *
 * remark-gfm finds literal autolinks twice: micromark's tokenizer (which an escape stops, as
 * in GitHub's cmark-gfm, where an escape splits the text) and then a transform over the
 * finished tree's text values, where escapes are already resolved. The printer escapes a
 * URL's `:`, `.` and `@` so that it stays text, and the transform linked it all the same:
 * document -> markdown -> document turned such text into a link. So a text node in which
 * the source had a backslash escape is hidden from that transform (renamed for its run, then
 * named back); literal autolinks written plainly are the tokenizer's and stay links.
 */

const escapedText = 'quireEscapedText';

/** The part of mdast-util-from-markdown's extension shape used here (not a direct dependency). */
interface CompileContext {
  stack: unknown[];
}
interface Extension {
  exit?: Record<string, (this: CompileContext) => void>;
  transforms?: Array<(tree: Root) => void>;
}

interface Marked {
  type: string;
  data?: { quireEscaped?: boolean };
}

/** Marks the text node an escape ends in (the escape's value was just added to it). */
function markEscape(this: CompileContext): void {
  const parent = this.stack[this.stack.length - 1] as { children?: Marked[] } | undefined;
  const last = parent?.children?.at(-1);
  if (last?.type === 'text') last.data = { ...last.data, quireEscaped: true };
}

function renameTexts(tree: Root, from: string, to: string): void {
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes;
    const marked = node as Marked;
    if (marked.type === from && marked.data?.quireEscaped) {
      marked.type = to;
      if (to === 'text') {
        const { quireEscaped: _, ...rest } = marked.data;
        if (Object.keys(rest).length === 0) delete marked.data;
        else marked.data = rest;
      }
    }
    if ('children' in node) for (const child of node.children) stack.push(child as Nodes);
  }
}

const hideEscapedTexts: Extension = {
  exit: { characterEscape: markEscape },
  transforms: [(tree) => renameTexts(tree, 'text', escapedText)],
};

const showEscapedTexts: Extension = {
  transforms: [(tree) => renameTexts(tree, escapedText, 'text')],
};

function addFromMarkdown(processor: Processor, extension: Extension): void {
  const data = processor.data() as { fromMarkdownExtensions?: Extension[] };
  data.fromMarkdownExtensions ??= [];
  data.fromMarkdownExtensions.push(extension);
}

/** Use before remark-gfm: escaped texts are hidden from its autolink transform. */
export function remarkHideEscapedTexts(this: Processor): void {
  addFromMarkdown(this, hideEscapedTexts);
}

/** Use after remark-gfm: the hidden texts are texts again. */
export function remarkShowEscapedTexts(this: Processor): void {
  addFromMarkdown(this, showEscapedTexts);
}
