/**
 * One GitBook block tag on a line of its own, `{% name attributes %}` or `{% endname %}`,
 * as GitBook's Git Sync writes them (`{% tab title="A" %}`, `{% include "x.md" %}`,
 * `{% if visitor.claims.plan == "pro" %}`, `{% @mermaid/diagram content="..." %}`).
 *
 * Attributes: `name="value"` (or `'value'`, or a bare value without spaces), and positional
 * quoted values (`{% include "path" %}`); values are any unicode, `\"` and `\\` escape a quote
 * and a backslash. An `if` tag takes its whole condition as its argument, unparsed. Anything
 * else on the line (a quote never closed, a name that is not one) makes the line not a tag.
 * The scan is one pass over the line: linear in its length.
 */

export type TagAttributes = Record<string, string>;

export interface OpeningTag {
  kind: 'open';
  name: string;
  attributes: TagAttributes;
  /** Positional values (`{% include "path" %}`) or, for `if`, the condition. */
  argument?: string;
}

export interface ClosingTag {
  kind: 'close';
  name: string;
}

export type BlockTag = OpeningTag | ClosingTag;

/** The longest tag line read: a longer line is text (bounds the attribute scan's output). */
export const maxTagLineLength = 4_096;

const tagNamePattern = /^(?:[a-z][a-z0-9-]*|@[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*)$/;

function isNameChar(char: string): boolean {
  return (
    (char >= 'a' && char <= 'z') ||
    (char >= 'A' && char <= 'Z') ||
    (char >= '0' && char <= '9') ||
    char === '-' ||
    char === '_'
  );
}

function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
}

/** Reads a quoted value starting at `start` (the quote); [value, index after] or undefined. */
function quotedAt(text: string, start: number): [string, number] | undefined {
  const quote = text[start]!;
  let value = '';
  let index = start + 1;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '\\' && (text[index + 1] === quote || text[index + 1] === '\\')) {
      value += text[index + 1];
      index += 2;
      continue;
    }
    if (char === quote) return [value, index + 1];
    value += char;
    index += 1;
  }
  return undefined;
}

/** Attributes and positional values of an opening tag's body, or undefined when malformed. */
function attributesOf(body: string): { attributes: TagAttributes; positional: string[] } | undefined {
  const attributes: TagAttributes = {};
  const positional: string[] = [];
  let index = 0;
  while (index < body.length) {
    while (isSpace(body[index])) index += 1;
    if (index >= body.length) break;
    const char = body[index]!;
    if (char === '"' || char === "'") {
      const quoted = quotedAt(body, index);
      if (quoted === undefined) return undefined;
      positional.push(quoted[0]);
      index = quoted[1];
    } else {
      const nameStart = index;
      while (index < body.length && isNameChar(body[index]!)) index += 1;
      const name = body.slice(nameStart, index);
      if (name === '' || body[index] !== '=' || Object.hasOwn(attributes, name)) return undefined;
      index += 1;
      const next = body[index];
      if (next === '"' || next === "'") {
        const quoted = quotedAt(body, index);
        if (quoted === undefined) return undefined;
        attributes[name] = quoted[0];
        index = quoted[1];
      } else {
        const valueStart = index;
        while (index < body.length && !isSpace(body[index]) && body[index] !== '"' && body[index] !== "'")
          index += 1;
        if (index === valueStart) return undefined;
        attributes[name] = body.slice(valueStart, index);
      }
    }
    if (index < body.length && !isSpace(body[index])) return undefined;
  }
  return { attributes, positional };
}

/** The tag a line spells (surrounding spaces ignored), or undefined when it is not one. */
export function blockTagOf(line: string): BlockTag | undefined {
  if (line.length > maxTagLineLength) return undefined;
  const text = line.trim();
  if (!text.startsWith('{%') || !text.endsWith('%}') || text.length < 5) return undefined;
  const inner = text.slice(2, -2);
  if (!isSpace(inner[0]) || !isSpace(inner.at(-1))) return undefined;
  const body = inner.trim();
  const space = body.search(/[ \t]/);
  const name = space === -1 ? body : body.slice(0, space);
  const rest = space === -1 ? '' : body.slice(space + 1).trim();
  if (!tagNamePattern.test(name)) return undefined;
  if (name.startsWith('end') && name.length > 3) {
    return rest === '' ? { kind: 'close', name: name.slice(3) } : undefined;
  }
  if (name === 'if') return rest === '' ? undefined : { kind: 'open', name, attributes: {}, argument: rest };
  const parsed = attributesOf(rest);
  if (parsed === undefined || parsed.positional.length > 1) return undefined;
  const [argument] = parsed.positional;
  return argument === undefined
    ? { kind: 'open', name, attributes: parsed.attributes }
    : { kind: 'open', name, attributes: parsed.attributes, argument };
}

/** A value quoted for a tag: `"` and `\` escaped, a newline (never in a tag line) a space. */
export function quoteTagValue(value: string): string {
  return (
    '"' +
    value
      .replaceAll('\\', '\\\\')
      .replaceAll('"', '\\"')
      .replace(/[\r\n]+/g, ' ') +
    '"'
  );
}

/** The text of an opening tag, attributes in their order, positional argument first. */
export function openingTagText(tag: Omit<OpeningTag, 'kind'>): string {
  const parts = [tag.name];
  if (tag.argument !== undefined)
    parts.push(tag.name === 'if' ? tag.argument.replace(/[\r\n]+/g, ' ') : quoteTagValue(tag.argument));
  for (const [name, value] of Object.entries(tag.attributes)) parts.push(name + '=' + quoteTagValue(value));
  return '{% ' + parts.join(' ') + ' %}';
}

export function closingTagText(name: string): string {
  return '{% end' + name + ' %}';
}
