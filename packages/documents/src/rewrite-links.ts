/**
 * Markdown with the targets of its links and images rewritten: `rewrite(url)` answers the
 * new target, or undefined to keep it. Walks the parsed tree (links, images, and their
 * reference definitions, the URLs of GitBook's blocks (`block-urls.ts`), figures, drawings,
 * inline images in HTML (sized, dark variants), buttons, and the links of summaries, captions
 * and cards), so only real targets change, never text
 * that looks like one.
 * The result is canonical markdown (as `normalizeMarkdown` prints it).
 *
 * A caller that knows its text is canonical already (`canonical`: the stored form, which
 * `normalizeMarkdown` gives back unchanged) gets the text itself when no target changes,
 * unprinted; and when every URL `rewrite` changes begins with `onlyUnder` (an import's
 * `quire-import:`), a text that cannot spell that beginning anywhere is not even parsed
 * (`maySpell`).
 */
import type { Nodes, Root } from 'mdast';
import { blockUrlOf } from './block-urls';
import type { FolderLinks } from './folder-links';
import { parseMarkdown, printMarkdown } from './markdown-processor';

export interface RewriteLinksOptions {
  /** The text is canonical (`normalizeMarkdown` gives it back unchanged). */
  canonical?: boolean;
  /** Every URL `rewrite` changes begins with this (with `canonical`: a text that cannot spell it is the answer). */
  onlyUnder?: string;
}

export function rewriteLinks(
  markdown: string,
  rewrite: (url: string) => string | undefined,
  options: RewriteLinksOptions = {},
): string {
  if (options.canonical && options.onlyUnder !== undefined && !maySpell(markdown, options.onlyUnder))
    return markdown;
  const tree = parseMarkdown(markdown);
  const changed = rewriteTreeLinks(tree, rewrite);
  return !changed && options.canonical ? markdown : printMarkdown(tree);
}

/**
 * Whether a URL read from `text` may begin with `prefix`. Sound, never a false no: each
 * character of a URL the parser reads (a link's or definition's destination, an autolink, a
 * `{% %}` tag's attribute, an HTML attribute) is a character of the text as written, or a
 * backslash escape of it (`\-`), or a character reference (`&#45;`, `&#x2d;`, `&colon;`;
 * HTML reads some without their `;`). So a text where the prefix's characters do not follow
 * one another in any of these forms holds no such URL. A URL never spans text the parser
 * drops between two of its characters (no markdown destination holds a line ending, and
 * attributes keep theirs). Linear: each character's alternatives are bounded.
 */
export function maySpell(text: string, prefix: string): boolean {
  if (prefix === '') return true;
  if (text.includes(prefix)) return true;
  // Without a backslash or an ampersand, the prefix can only be written as itself.
  if (!text.includes('\\') && !text.includes('&')) return false;
  const spelled = [...prefix]
    .map((c) => `(?:${escapeRegExp(c)}|\\\\${escapeRegExp(c)}|&#?[0-9A-Za-z]{1,32};?)`)
    .join('');
  return new RegExp(spelled).test(text);
}

const escapeRegExp = (c: string) => c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * Targets to change, as data (what crosses to a markdown thread, where no function can):
 * a URL whose part before its first `#` is a key of `keepingAnchor` becomes the key's value
 * with that `#anchor` after it; one that is a key of `droppingAnchor` becomes the value alone.
 */
export interface LinkTargets {
  keepingAnchor?: ReadonlyMap<string, string>;
  droppingAnchor?: ReadonlyMap<string, string>;
  /**
   * A folder tree's relative links, resolved first, in a pass of their own (parsed and
   * printed as the folder reader does), before the targets above apply to what it printed.
   */
  folder?: FolderLinks;
}

/** `rewriteLinks`' `rewrite` for `targets`. */
export function rewriteOfTargets(targets: LinkTargets): (url: string) => string | undefined {
  return (url) => {
    const hash = url.indexOf('#');
    const [target, anchor] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
    const kept = targets.keepingAnchor?.get(target);
    if (kept !== undefined) return `${kept}${anchor}`;
    return targets.droppingAnchor?.get(target);
  };
}

/** Rewrites the targets in a parsed tree (in place, as `rewriteLinks` does); answers whether one changed. */
export function rewriteTreeLinks(node: Nodes | Root, rewrite: (url: string) => string | undefined): boolean {
  let changed = false;
  const rewritten = (url: string): string => {
    const next = rewrite(url);
    if (next === undefined || next === url) return url;
    changed = true;
    return next;
  };
  // An explicit stack: a deep tree must not exhaust the call stack.
  const stack: Array<Nodes | Root> = [node];
  while (stack.length > 0) {
    const current = stack.pop() as Nodes | Root;
    if (current.type === 'link' || current.type === 'image' || current.type === 'definition') {
      current.url = rewritten(current.url);
    } else if (current.type === 'gitbookBlock') {
      const block = blockUrlOf(current);
      if (block) {
        const next = rewritten(block.url);
        if (next !== block.url) current.attributes[block.attribute] = next;
      }
    } else if (current.type === 'gitbookFigure' || current.type === 'gitbookButton') {
      current.url = rewritten(current.url);
      if (current.type === 'gitbookFigure') {
        if (current.darkUrl !== undefined) current.darkUrl = rewritten(current.darkUrl);
        stack.push(...current.caption);
      }
    } else if (
      current.type === 'gitbookDrawing' ||
      current.type === 'gitbookPicture' ||
      current.type === 'gitbookInlineImage'
    ) {
      // A drawing's file, an inline image's and its dark variant's (by repository path in
      // Git Sync: `../.gitbook/assets/a.drawing.svg`).
      current.url = rewritten(current.url);
      if (current.type !== 'gitbookDrawing' && current.darkUrl !== undefined)
        current.darkUrl = rewritten(current.darkUrl);
    } else if (current.type === 'gitbookSizedButton') {
      if (current.url !== undefined) current.url = rewritten(current.url);
    } else if (current.type === 'gitbookDetails') stack.push(...current.summary);
    else if (current.type === 'gitbookCards') {
      for (const row of current.rows) for (const cell of row) stack.push(...cell);
      for (const column of current.columns) stack.push(...column.title);
    } else if (current.type === 'gitbookTable')
      // A grid's header cells (its rows are its children).
      for (const column of current.columns) stack.push(...column.title);
    if ('children' in current) stack.push(...(current.children as Nodes[]));
  }
  return changed;
}
