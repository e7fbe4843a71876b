import type { Node } from 'mdast';
import type { Options as StringifyOptions } from 'remark-stringify';
import { escapeHtmlAttribute } from './gitbook-html-print';
import { decodeHtmlText, startTagOf } from './html-tag-attributes';

/**
 * GitBook's code block with highlighted lines, which its Git Sync writes as HTML:
 *
 *     <pre class="language-yaml" data-title="openapi.yaml"><code class="lang-yaml">paths:
 *     <strong>  /pets:
 *     </strong>    get:
 *     </code></pre>
 *
 * Each highlighted line is `<strong>line\n</strong>`; every line ends with a newline; `<` and
 * `&` are character references (`&#x3C;`). The block's fields are `data-*` attributes of
 * `<pre>`: `data-title`, `data-overflow`, `data-full-width` are GitBook's (seen in synced
 * repositories); `data-line-numbers`, `data-expandable` and `data-collapsed-line-count` are
 * written the same way (attributes GitBook's HTML reader has no use for are harmless to it).
 * Anything else inside (another element, a `<strong>` that is not one whole line) and the
 * block stays html. One pass over the text: linear.
 */
export interface GitbookHighlightedCode extends Node {
  type: 'gitbookHighlightedCode';
  syntax?: string;
  /** `data-*` attributes of `<pre>` without the prefix (`title`, `overflow`...), in order. */
  attributes: Record<string, string>;
  lines: Array<{ text: string; highlighted: boolean }>;
}

declare module 'mdast' {
  interface RootContentMap {
    gitbookHighlightedCode: GitbookHighlightedCode;
  }
  interface BlockContentMap {
    gitbookHighlightedCode: GitbookHighlightedCode;
  }
}

/** The `data-*` attributes read, in the order they are written. */
export const codeDataAttributes = [
  'title',
  'overflow',
  'line-numbers',
  'full-width',
  'expandable',
  'collapsed-line-count',
] as const;

const closing = '</code></pre>';
const lineToken = /<strong>|<\/strong>/g;

function contentLines(content: string): GitbookHighlightedCode['lines'] | undefined {
  if (!content.endsWith('\n') && !content.endsWith('\n</strong>')) return undefined;
  const lines: GitbookHighlightedCode['lines'] = [];
  let strong = false;
  let lineStart = true;
  let text = '';
  let highlighted = false;
  let index = 0;
  const take = (chunk: string): boolean => {
    if (chunk.includes('<')) return false;
    for (const part of chunk.split(/(?<=\n)/)) {
      if (part === '') continue;
      if (lineStart) {
        highlighted = strong;
        lineStart = false;
      } else if (strong !== highlighted) return false;
      if (part.endsWith('\n')) {
        text += part.slice(0, -1);
        lines.push({ text: decodeHtmlText(text), highlighted });
        text = '';
        lineStart = true;
      } else {
        text += part;
      }
    }
    return true;
  };
  for (const match of content.matchAll(lineToken)) {
    if (!take(content.slice(index, match.index))) return undefined;
    const opening = match[0] === '<strong>';
    // A highlight opens at a line's start and closes right after its newline.
    if (opening === strong || !lineStart) return undefined;
    strong = opening;
    index = match.index + match[0].length;
  }
  if (!take(content.slice(index)) || strong || !lineStart) return undefined;
  return lines;
}

/** The `<pre>` html node's code, or undefined when it is not GitBook's form. */
export function highlightedCodeOfHtml(value: string): GitbookHighlightedCode | undefined {
  if (!value.startsWith('<pre')) return undefined;
  const text = value.trimEnd();
  const codeStart = text.indexOf('><code');
  const contentStart = codeStart === -1 ? -1 : text.indexOf('>', codeStart + 1);
  if (contentStart === -1 || !text.endsWith(closing)) return undefined;
  const pre = startTagOf(text.slice(0, codeStart + 1));
  const code = startTagOf(text.slice(codeStart + 1, contentStart + 1));
  if (pre?.name !== 'pre' || code?.name !== 'code') return undefined;
  const { class: preClass, ...data } = pre.attributes;
  const { class: codeClass, ...codeRest } = code.attributes;
  if (Object.keys(codeRest).length > 0) return undefined;
  let syntax: string | undefined;
  if (preClass !== undefined || codeClass !== undefined) {
    if (!preClass?.startsWith('language-') || codeClass !== 'lang-' + preClass.slice(9)) return undefined;
    syntax = preClass.slice(9);
    if (syntax === '') return undefined;
  }
  const attributes: Record<string, string> = {};
  for (const [name, attribute] of Object.entries(data)) {
    const field = name.slice(5);
    if (!name.startsWith('data-') || !(codeDataAttributes as readonly string[]).includes(field))
      return undefined;
    attributes[field] = attribute;
  }
  const lines = contentLines(text.slice(contentStart + 1, -closing.length));
  if (lines === undefined || lines.length === 0) return undefined;
  return {
    type: 'gitbookHighlightedCode',
    ...(syntax === undefined ? {} : { syntax }),
    attributes,
    lines,
  };
}

/** Code text in HTML: `&` and `<` as GitBook writes them. */
function escapeCode(text: string): string {
  return text.replaceAll('&', '&#x26;').replaceAll('<', '&#x3C;');
}

type Handle = NonNullable<NonNullable<StringifyOptions['handlers']>['hint']>;

export const printHighlightedCode: Handle = (node) => {
  const code = node as GitbookHighlightedCode;
  const syntax = code.syntax === undefined ? undefined : escapeHtmlAttribute(code.syntax);
  let head = '<pre' + (syntax === undefined ? '' : ' class="language-' + syntax + '"');
  for (const field of codeDataAttributes) {
    const value = code.attributes[field];
    if (value !== undefined) head += ' data-' + field + '="' + escapeHtmlAttribute(value) + '"';
  }
  head += '><code' + (syntax === undefined ? '' : ' class="lang-' + syntax + '"') + '>';
  const body = code.lines
    .map((line) => {
      const text = escapeCode(line.text.replace(/\r?\n/g, ' ')) + '\n';
      return line.highlighted ? '<strong>' + text + '</strong>' : text;
    })
    .join('');
  return head + body + closing;
};
