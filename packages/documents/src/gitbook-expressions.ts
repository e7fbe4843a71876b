import type { Node, Parent, PhrasingContent, Root, Text } from 'mdast';
import type { Options as StringifyOptions } from 'remark-stringify';
import { escapeHtmlText } from './gitbook-phrasing-html';

type Handle = NonNullable<NonNullable<StringifyOptions['handlers']>['hint']>;
type Unsafe = NonNullable<StringifyOptions['unsafe']>[number];

/**
 * GitBook's expressions in text, `{{ space.vars.version }}` (variables of the space and the
 * page, see the revision's `variables`), as `gitbookExpression` nodes. Read only where the
 * source has the braces verbatim, so `\{{` written by the printer for literal braces stays
 * text. The expression is kept unparsed; what a name
 * means is the renderer's business (an unknown variable renders empty there).
 */
export interface GitbookExpression extends Node {
  type: 'gitbookExpression';
  expression: string;
}

declare module 'mdast' {
  interface RootContentMap {
    gitbookExpression: GitbookExpression;
  }
  interface PhrasingContentMap {
    gitbookExpression: GitbookExpression;
  }
}

/** Longest expression read (a longer `{{ ... }}` stays text). */
const maxExpressionLength = 1_000;
const expressionPattern = /\{\{[ \t]*([^{}\n]+?)[ \t]*\}\}/g;

/**
 * Written as GitBook's Git Sync writes an expression, `<code class="expression">space.vars.x</code>`
 * (read back by `gitbook-html.ts`); `{{ }}` is still read, as older exports and people write it.
 */
export const printExpression: Handle = (node) =>
  `<code class="expression">${escapeHtmlText((node as GitbookExpression).expression)}</code>`;

/** Literal `{{` in text is escaped, so it is never read back as an expression. */
export const expressionUnsafePatterns: Unsafe[] = [{ character: '{', after: '\\{' }];

function matchesOf(text: string, skipEscaped: boolean): RegExpMatchArray[] {
  return [...text.matchAll(expressionPattern)].filter(
    (match) => match[1]!.length <= maxExpressionLength && !(skipEscaped && text[match.index! - 1] === '\\'),
  );
}

/**
 * The text split at its expressions. The source must spell the same expressions, unescaped
 * (a `\{{` in the source is literal text), else the text stays whole.
 */
function split(text: Text, source: string): PhrasingContent[] | undefined {
  const start = text.position?.start.offset;
  const end = text.position?.end.offset;
  if (start === undefined || end === undefined || !text.value.includes('{{')) return undefined;
  const matches = matchesOf(text.value, false);
  const written = matchesOf(source.slice(start, end), true);
  if (matches.length === 0 || matches.length !== written.length) return undefined;
  if (matches.some((match, index) => match[0] !== written[index]![0])) return undefined;
  const out: PhrasingContent[] = [];
  let from = 0;
  for (const match of matches) {
    if (match.index! > from) out.push({ type: 'text', value: text.value.slice(from, match.index) });
    out.push({ type: 'gitbookExpression', expression: match[1]! });
    from = match.index! + match[0].length;
  }
  if (from < text.value.length) out.push({ type: 'text', value: text.value.slice(from) });
  return out;
}

/** Replaces expressions in the text of every phrasing parent (not in code, not in html). */
export function readExpressions(tree: Root, source: string): void {
  const stack: Parent[] = [tree];
  while (stack.length > 0) {
    const parent = stack.pop()!;
    if (parent.children.some((child) => child.type === 'text' && child.value.includes('{{'))) {
      const children = parent.children as PhrasingContent[];
      parent.children = children.flatMap((child): PhrasingContent[] =>
        child.type === 'text' ? (split(child, source) ?? [child]) : [child],
      ) as Parent['children'];
    }
    for (const child of parent.children) if ('children' in child) stack.push(child as Parent);
  }
}
