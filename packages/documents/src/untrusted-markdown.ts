/**
 * Markdown from outside (a request's page body or comment, an imported or Git file, a
 * translation) read into the form Quire stores, with everything later reads will do to it
 * done once here. This is the work the server runs in a thread of its own under a deadline
 * (`apps/server/src/markdown`), because its cost is not bounded by the text's length:
 * micromark resolves emphasis, links and references in time that grows with the square of
 * a paragraph's delimiters, and the printer's escapes can make the stored text slower to read
 * again than the text sent (`[a](` repeated: the stored text took 13 times as long).
 *
 * So the stored text itself is read once more, as a document tree (the heaviest read the
 * request thread will do with it: `format=document`, the page outline, links and search
 * read less): a text that comes back from here within a deadline costs later reads no more
 * than that deadline.
 */
import type { JSONDocument } from './document-types';
import { FrontMatterError, splitFrontMatter } from './front-matter';
import { checkMarkdownSource, MarkdownTooComplexError } from './markdown-limits';
import { parseMarkdown, printMarkdown } from './markdown-processor';
import { documentOfTree } from './to-document';

export type UntrustedMarkdownReading =
  | {
      ok: true;
      /** The stored form (`normalizeMarkdown`), without the front matter when it was split off. */
      markdown: string;
      /** The front matter's mapping (empty without one, or when not asked to split it off). */
      frontMatter: Record<string, unknown>;
    }
  | {
      ok: false;
      /** Why the markdown is refused, in words fit for the person who sent it. */
      reason: string;
    };

export interface UntrustedMarkdownOptions {
  /** Split YAML front matter off first (a page body); otherwise it is part of the markdown. */
  frontMatter?: boolean;
}

/** Reads markdown from outside (see the module's comment); a refusal for what the parser's limits or the front matter refuse. */
export function readUntrustedMarkdown(
  text: string,
  options: UntrustedMarkdownOptions = {},
): UntrustedMarkdownReading {
  try {
    const split = options.frontMatter ? splitFrontMatter(text) : { data: {}, body: text };
    const { markdown } = storedFormOf(split.body);
    return { ok: true, markdown, frontMatter: split.data };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
}

/**
 * `normalizeMarkdown(text)`, with the stored text read once more as a document (the
 * module's comment). Text already in the stored form (an editor's, an import's pages, which
 * the importer printed) reads as itself: the parser is a function of the text, so the
 * stored text's tree is the one just parsed and the document is made from it, not from a
 * second parse. The printer leaves the tree as it was (a test says so over every block).
 */
export function storedFormOf(text: string): { markdown: string; document: JSONDocument } {
  const tree = parseMarkdown(text);
  const markdown = printMarkdown(tree);
  return { markdown, document: documentOfTree(markdown === text ? tree : parseMarkdown(markdown)) };
}

/**
 * The checks of `markdownLimits` that need no parse (length, container markers, delimiter
 * runs, indentation): a linear scan the caller's thread can afford before handing the text
 * to a thread, so that what they refuse takes no thread.
 */
export function precheckUntrustedMarkdown(text: string): UntrustedMarkdownReading | undefined {
  try {
    checkMarkdownSource(text);
    return undefined;
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
}

function refusalOf(error: unknown): { ok: false; reason: string } | undefined {
  if (error instanceof MarkdownTooComplexError || error instanceof FrontMatterError)
    return { ok: false, reason: error.message };
  // The printer and the converters recurse per level; the tree's depth is bounded before
  // them, but a stack overflow is still the input's doing, never the server's.
  if (error instanceof RangeError && /call stack/i.test(error.message))
    return { ok: false, reason: 'markdown nested too deeply to read' };
  return undefined;
}
