import type { Link, PhrasingContent, Text } from 'mdast';
import { classifyCharacter } from './delimiter-runs';
import type { InlineTree } from './inline-tree';

/**
 * remark-gfm's second look for literal autolinks (mdast-util-gfm-autolink-literal's
 * transform, as Quire patched it): over the finished tree's texts (not inside links, not a
 * text the source escaped in, `escaped-autolinks.ts`), four passes in its order: URLs
 * (`http://`, `https://`, `www.`), `xmpp:`, `mailto:`, then bare emails. A match splits its
 * text: the link and the texts around it have no position, as mdast-util-find-and-replace
 * makes them.
 *
 * Its regular expressions are read here by hand, each candidate once: the runs a match
 * consists of are found from precomputed ends, so that a text of candidates that fail
 * (`www.` repeated) is read in linear time.
 */

type Piece = PhrasingContent;
/** Finds the matches in a text's value: the pieces it becomes, or undefined for no change. */
type Pass = (value: string) => Piece[] | undefined;

export function transformAutolinkLiterals(tree: InlineTree): void {
  let hasUrl = false;
  let hasAt = false;
  const texts: Text[] = [];
  collectTexts(tree.children, tree.escapedTexts, texts);
  for (const text of texts) {
    if (!hasUrl && /https?:\/\/|www\./i.test(text.value)) hasUrl = true;
    if (!hasAt && text.value.includes('@')) hasAt = true;
  }
  if (!hasUrl && !hasAt) return;
  const passes: Pass[] = [];
  if (hasUrl) passes.push(urlPass);
  if (hasAt) passes.push(xmppPass, mailtoPass, emailPass);
  for (const pass of passes) replaceTexts(tree.children, tree.escapedTexts, pass);
}

function collectTexts(children: PhrasingContent[], escaped: Set<Text>, out: Text[]): void {
  for (const child of children) {
    if (child.type === 'text') {
      if (!escaped.has(child)) out.push(child);
    } else if ('children' in child) collectTexts(child.children as PhrasingContent[], escaped, out);
  }
}

function replaceTexts(children: PhrasingContent[], escaped: Set<Text>, pass: Pass): void {
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!;
    if (child.type === 'text') {
      if (escaped.has(child)) continue;
      const pieces = pass(child.value);
      if (pieces === undefined) continue;
      children.splice(index, 1, ...pieces);
      index += pieces.length - 1;
    } else if (child.type !== 'link' && child.type !== 'linkReference' && 'children' in child)
      replaceTexts(child.children as PhrasingContent[], escaped, pass);
  }
}

/** Collects a replacement's pieces, adjacent texts merged (mdast-util-find-and-replace's `add`). */
class Pieces {
  readonly list: Piece[] = [];
  text(value: string): void {
    if (value === '') return;
    const last = this.list[this.list.length - 1];
    if (last !== undefined && last.type === 'text') last.value += value;
    else this.list.push({ type: 'text', value });
  }
  link(url: string, value: string): void {
    const link: Link = { type: 'link', title: null, url, children: [{ type: 'text', value }] };
    this.list.push(link);
  }
}

function isWordCode(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
  );
}

function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** `[\w-]` */
function isLabelCode(code: number): boolean {
  return isWordCode(code) || code === 45;
}

/** `[\w+\-.]` */
function isAtextCode(code: number): boolean {
  return isWordCode(code) || code === 43 || code === 45 || code === 46;
}

function lowerAt(value: string, index: number): number {
  const code = value.charCodeAt(index);
  return code >= 65 && code <= 90 ? code + 32 : code;
}

/** `/(?<![\da-z])(https?:\/\/|www(?=\.))([\w-]*\.[\w\-.]*)([^\t\n\r ]*)/gi` with `findUrl`. */
const urlPass: Pass = (value) => {
  const pieces = new Pieces();
  let start = 0;
  let changed = false;
  /** Ends of `[\w\-.]*` runs and of non-whitespace runs, remembered by where they were read. */
  let dotRunFrom = -1;
  let dotRunEnd = -1;
  let spaceFrom = -1;
  let spaceEnd = -1;
  let domainCacheEnd = -1;
  let lastDot = -1;
  let dotBefore = -1;
  const length = value.length;
  let index = 0;
  while (index < length) {
    const code = lowerAt(value, index);
    if (code !== 104 && code !== 119) {
      index++;
      continue;
    }
    if (index > 0 && isAsciiAlphanumeric(value.charCodeAt(index - 1))) {
      index++;
      continue;
    }
    let protocolEnd = -1;
    let www = false;
    if (
      code === 104 &&
      lowerAt(value, index + 1) === 116 &&
      lowerAt(value, index + 2) === 116 &&
      lowerAt(value, index + 3) === 112
    ) {
      let at = index + 4;
      if (lowerAt(value, at) === 115 && value.startsWith('://', at + 1)) at++;
      if (value.startsWith('://', at)) protocolEnd = at + 3;
    } else if (code === 119 && lowerAt(value, index + 1) === 119 && lowerAt(value, index + 2) === 119) {
      if (value.charCodeAt(index + 3) === 46) {
        protocolEnd = index + 3;
        www = true;
      }
    }
    if (protocolEnd === -1) {
      index++;
      continue;
    }
    // `[\w-]*\.`
    let dot = protocolEnd;
    while (isLabelCode(value.charCodeAt(dot))) dot++;
    if (value.charCodeAt(dot) !== 46) {
      index++;
      continue;
    }
    // `previous`: the start, whitespace or punctuation before.
    if (index > 0 && classifyCharacter(value.charCodeAt(index - 1)) === 0) {
      index++;
      continue;
    }
    // `[\w\-.]*`
    if (!(dot + 1 >= dotRunFrom && dot + 1 <= dotRunEnd)) {
      dotRunFrom = dot + 1;
      dotRunEnd = dot + 1;
      while (isAtextCode(value.charCodeAt(dotRunEnd)) && value.charCodeAt(dotRunEnd) !== 43) dotRunEnd++;
    }
    const domainEnd = dotRunEnd;
    // `[^\t\n\r ]*`
    if (!(domainEnd >= spaceFrom && domainEnd <= spaceEnd)) {
      spaceFrom = domainEnd;
      spaceEnd = domainEnd;
      for (;;) {
        const next = value.charCodeAt(spaceEnd);
        if (Number.isNaN(next) || next === 9 || next === 10 || next === 13 || next === 32) break;
        spaceEnd++;
      }
    }
    const matchEnd = spaceEnd;
    const domainStart = www ? index : protocolEnd;
    if (
      classifyCharacter(value.charCodeAt(domainStart)) === 2 ||
      !isCorrectDomain(value, domainStart, domainEnd, () => {
        if (domainCacheEnd !== domainEnd) {
          domainCacheEnd = domainEnd;
          lastDot = value.lastIndexOf('.', domainEnd - 1);
          dotBefore = lastDot > 0 ? value.lastIndexOf('.', lastDot - 1) : -1;
        }
        return [lastDot, dotBefore];
      })
    ) {
      index++;
      continue;
    }
    const protocol = www ? '' : value.slice(index, protocolEnd);
    const [url, trail] = splitUrl(value.slice(domainStart, matchEnd));
    pieces.text(value.slice(start, index));
    pieces.link((www ? 'http://' : '') + protocol + url, protocol + url);
    if (trail) pieces.text(trail);
    start = matchEnd;
    index = matchEnd;
    changed = true;
  }
  if (!changed) return undefined;
  pieces.text(value.slice(start));
  return pieces.list;
};

/** mdast-util-gfm-autolink-literal's `isCorrectDomain` on `value[from, to)`, its last dots given. */
function isCorrectDomain(value: string, from: number, to: number, dots: () => [number, number]): boolean {
  const [last, beforeLast] = dots();
  // The last part, then the one before (which starts at `from` when no dot precedes it there).
  const lastStart = last + 1;
  const previousStart = beforeLast >= from ? beforeLast + 1 : from;
  return isCorrectPart(value, lastStart, to) && isCorrectPart(value, previousStart, last);
}

/** A non-empty part holds no `_` and some ASCII letter or digit. */
function isCorrectPart(value: string, from: number, to: number): boolean {
  if (to <= from) return true;
  let alphanumeric = false;
  for (let index = from; index < to; index++) {
    const code = value.charCodeAt(index);
    if (code === 95) return false;
    if (isAsciiAlphanumeric(code)) alphanumeric = true;
  }
  return alphanumeric;
}

/** mdast-util-gfm-autolink-literal's `splitUrl`: trailing punctuation out, parentheses balanced. */
function splitUrl(url: string): [string, string | undefined] {
  let index = url.length;
  while (index > 0) {
    const code = url.charCodeAt(index - 1);
    if (
      code === 33 ||
      code === 34 ||
      code === 38 ||
      code === 39 ||
      code === 41 ||
      code === 44 ||
      code === 46 ||
      code === 58 ||
      code === 59 ||
      code === 60 ||
      code === 62 ||
      code === 63 ||
      code === 93 ||
      code === 125
    )
      index--;
    else break;
  }
  if (index === url.length) return [url, undefined];
  let trail = url.slice(index);
  url = url.slice(0, index);
  let closingParenIndex = trail.indexOf(')');
  const openingParens = count(url, '(');
  let closingParens = count(url, ')');
  while (closingParenIndex !== -1 && openingParens > closingParens) {
    url += trail.slice(0, closingParenIndex + 1);
    trail = trail.slice(closingParenIndex + 1);
    closingParenIndex = trail.indexOf(')');
    closingParens++;
  }
  return [url, trail];
}

function count(value: string, character: string): number {
  let total = 0;
  for (let index = value.indexOf(character); index !== -1; index = value.indexOf(character, index + 1))
    total++;
  return total;
}

/** `[\w-]+(?:\.[\w-]+)+` at `at`: its end, or -1. */
function readEmailLabel(value: string, at: number): number {
  let index = at;
  while (isLabelCode(value.charCodeAt(index))) index++;
  if (index === at) return -1;
  let parts = 0;
  while (value.charCodeAt(index) === 46 && isLabelCode(value.charCodeAt(index + 1))) {
    index += 2;
    while (isLabelCode(value.charCodeAt(index))) index++;
    parts++;
  }
  return parts === 0 ? -1 : index;
}

/** A label ending in a digit, `-` or `_` is no email's (`/[\d\-_]$/`). */
function labelEndsBadly(value: string, end: number): boolean {
  const code = value.charCodeAt(end - 1);
  return (code >= 48 && code <= 57) || code === 45 || code === 95;
}

/** `xmpp:` or `mailto:` then an email (and for `xmpp:` a resource), not after `[\w+\-.@]`. */
function prefixedPass(prefix: string, resource: boolean): Pass {
  return (value) => {
    const pieces = new Pieces();
    let start = 0;
    let changed = false;
    for (let index = value.indexOf(prefix); index !== -1; index = value.indexOf(prefix, index + 1)) {
      if (index < start) continue;
      const before = value.charCodeAt(index - 1);
      if (index > 0 && (isAtextCode(before) || before === 64)) continue;
      const atextStart = index + prefix.length;
      let at = atextStart;
      while (isAtextCode(value.charCodeAt(at))) at++;
      if (at === atextStart || value.charCodeAt(at) !== 64) continue;
      const labelEnd = readEmailLabel(value, at + 1);
      if (labelEnd === -1) continue;
      let end = labelEnd;
      if (resource && value.charCodeAt(end) === 47) {
        end++;
        for (;;) {
          const code = value.charCodeAt(end);
          if (isLabelCode(code) || code === 47) end++;
          else if (code === 46 && isAsciiAlphanumeric(value.charCodeAt(end + 1))) end++;
          else break;
        }
      }
      if (labelEndsBadly(value, labelEnd)) continue;
      if (resource && end > labelEnd) {
        const last = value.charCodeAt(end - 1);
        const letter = (last >= 65 && last <= 90) || (last >= 97 && last <= 122);
        if (!letter || value.charCodeAt(end) === 64) continue;
      }
      const link = value.slice(index, end);
      pieces.text(value.slice(start, index));
      pieces.link(link, link);
      start = end;
      changed = true;
    }
    if (!changed) return undefined;
    pieces.text(value.slice(start));
    return pieces.list;
  };
}

const xmppPass = prefixedPass('xmpp:', true);
const mailtoPass = prefixedPass('mailto:', false);

/** Whether `mailto:` or `xmpp:` ends at `index`, itself at the start or after `[^\d@A-Za-z]`. */
function afterProtocolPrefix(value: string, index: number): boolean {
  for (const prefix of ['mailto:', 'xmpp:']) {
    const from = index - prefix.length;
    if (from < 0 || !value.startsWith(prefix, from)) continue;
    if (from === 0) return true;
    const code = value.charCodeAt(from - 1);
    if (!(isAsciiAlphanumeric(code) || code === 64)) return true;
  }
  return false;
}

/** `/(?<![\w+\-.]|(?:^|[^\d@A-Za-z])(?:mailto|xmpp):)([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)/g` with `findEmail`. */
const emailPass: Pass = (value) => {
  const pieces = new Pieces();
  let start = 0;
  let changed = false;
  let index = 0;
  const length = value.length;
  while (index < length) {
    if (!isAtextCode(value.charCodeAt(index)) || (index > 0 && isAtextCode(value.charCodeAt(index - 1)))) {
      index++;
      continue;
    }
    if (afterProtocolPrefix(value, index)) {
      index++;
      continue;
    }
    let at = index;
    while (isAtextCode(value.charCodeAt(at))) at++;
    if (value.charCodeAt(at) !== 64) {
      index = at;
      continue;
    }
    const labelEnd = readEmailLabel(value, at + 1);
    if (labelEnd === -1 || labelEndsBadly(value, labelEnd)) {
      index = at;
      continue;
    }
    const email = value.slice(index, labelEnd);
    pieces.text(value.slice(start, index));
    pieces.link('mailto:' + email, email);
    start = labelEnd;
    index = labelEnd;
    changed = true;
  }
  if (!changed) return undefined;
  pieces.text(value.slice(start));
  return pieces.list;
};
