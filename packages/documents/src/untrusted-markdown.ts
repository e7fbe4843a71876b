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
import type { Root } from 'mdast';
import type { JSONDocument } from './document-types';
import { rewriteOfFolderLinks } from './folder-links';
import { FrontMatterError, splitFrontMatter } from './front-matter';
import { checkMarkdownSource, MarkdownTooComplexError } from './markdown-limits';
import { parseMarkdown, printMarkdown } from './markdown-processor';
import { type LinkTargets, rewriteLinks, rewriteOfTargets, rewriteTreeLinks } from './rewrite-links';
import { documentOfTree, markdownToDocument } from './to-document';

export type UntrustedMarkdownReading =
  | {
      ok: true;
      /**
       * The stored form (`normalizeMarkdown`), without the front matter when it was split off;
       * with `links`, the stored form with those targets changed (`rewriteLinks` of it).
       */
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
  /**
   * Link and image targets to change in the stored form (an import's links to its own pages
   * and files, resolved to ids): the answer is then `rewriteLinks(stored, ...)`, made from
   * the tree the stored form was checked with, not from a parse of its own. With `folder`,
   * the text is first what a folder reader gives for it (its relative links resolved: one
   * more parse and print, done here rather than on the reader's thread).
   */
  links?: LinkTargets;
}

/** Reads markdown from outside (see the module's comment); a refusal for what the parser's limits or the front matter refuse. */
export function readUntrustedMarkdown(
  text: string,
  options: UntrustedMarkdownOptions = {},
): UntrustedMarkdownReading {
  try {
    const split = options.frontMatter ? splitFrontMatter(text) : { data: {}, body: text };
    // A folder tree's page as its reader would have given it (its relative links resolved).
    const folder = options.links?.folder;
    const body = folder ? rewriteLinks(split.body, rewriteOfFolderLinks(folder)) : split.body;
    const stored = storedFormOf(body);
    const markdown = options.links ? linkedForm(stored, options.links) : stored.markdown;
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
export function storedFormOf(text: string): StoredForm {
  const tree = parseMarkdown(text);
  const markdown = printMarkdown(tree);
  const storedTree = markdown === text ? tree : parseMarkdown(markdown);
  return { markdown, document: documentOfTree(storedTree), tree: storedTree };
}

export interface StoredForm {
  markdown: string;
  document: JSONDocument;
  /** `parseMarkdown(markdown)` (the parser is a function of the text: the tree read once). */
  tree: Root;
}

/**
 * `rewriteLinks(stored.markdown, rewriteOfTargets(links))`, byte for byte, without its parse:
 * the stored text's tree is at hand (the document made from it reads the tree, never
 * changes it). Printed even when no target changed, as `rewriteLinks` prints. Changes that tree.
 */
function linkedForm(stored: StoredForm, links: LinkTargets): string {
  rewriteTreeLinks(stored.tree, rewriteOfTargets(links));
  return printMarkdown(stored.tree);
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

/**
 * The document's JSON of a text already stored (`JSON.stringify(markdownToDocument(text))`),
 * or null when the parser's limits refuse it (a text stored before it was read under them).
 * What the markdown threads run for a list of comments read as documents.
 */
export function documentJsonOfStoredText(text: string): string | null {
  try {
    return JSON.stringify(markdownToDocument(text));
  } catch (error) {
    if (refusalOf(error)) return null;
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
