import type { InlineCode, PhrasingContent } from 'mdast';
import { HtmlScanner, readAutolink } from './angle-brackets';
import { transformAutolinkLiterals } from './autolink-literal-transform';
import {
  isGfmAtext,
  previousAllowsEmail,
  previousAllowsProtocol,
  previousAllowsWww,
  readEmailLiteral,
  readProtocolLiteral,
  readWwwLiteral,
  TrailScanner,
} from './autolink-literals';
import { decodeString, isAsciiPunctuation, readCharacterReference } from './character-references';
import { ClosingRuns, unpaddedRange } from './code-spans';
import { attentionFlanks, type Delimiter, DelimiterRuns, strikethroughFlanks } from './delimiter-runs';
import { readEmojiShortcode } from './emoji-shortcodes';
import { readFootnoteCall } from './footnote-calls';
import { InlineContent } from './inline-content';
import { type InlineContext, type InlineInput, normalizedIdentifier } from './inline-input';
import type { InlineItem, LinkGroup, OpenerItem } from './inline-items';
import { buildInlineTree } from './inline-tree';
import { readReferenceLabel, readResource } from './link-resources';

/**
 * The inline parser: a paragraph's, a heading's or a table cell's content as the phrasing
 * nodes `markdownSyntaxTree` gives it (micromark's text content with Quire's extensions,
 * then mdast-util-from-markdown and remark-gfm's autolink transform), positions included.
 *
 * One pass left to right over the content, trying at each character what micromark tries
 * there, in its order: escapes and hard breaks, character references, code spans, `$$` math,
 * autolinks and raw HTML, emoji shortcodes, literal autolinks, link and image openers and
 * their ends (resources, references, footnote calls), runs of `*`, `_` and `~`. Links are
 * made at their `]` as micromark's label end makes them (its active openers, its
 * deactivation of outer link openers); runs are matched in a link's text when it is made and
 * in the rest at the end (`delimiter-runs.ts`). Every scan is bounded or remembered so that
 * the whole is linear in the content's length.
 */
export function parseInlines(input: InlineInput, context: InlineContext): PhrasingContent[] {
  return parseContent(input, context, false);
}

/**
 * A GFM table cell's content: as `parseInlines`, and a code span's `\|` is `|` there
 * (mdast-util-gfm-table's `exitCodeText`, for the whole table, head and body).
 */
export function parseTableCellInlines(input: InlineInput, context: InlineContext): PhrasingContent[] {
  return parseContent(input, context, true);
}

function parseContent(input: InlineInput, context: InlineContext, inTable: boolean): PhrasingContent[] {
  const content = new InlineContent(input);
  const items = new InlineScanner(content, context, inTable).scan();
  const tree = buildInlineTree(items, context.points);
  // The transform finds nothing in a text without these (a reference could decode to them).
  if (mayHoldLiterals.test(content.text)) transformAutolinkLiterals(tree);
  return tree.children;
}

const mayHoldLiterals = /[@&]|www\.|https?:\/\//i;

/** An open `[` or `![` (micromark's label starts). */
interface Bracket {
  item: OpenerItem;
  image: boolean;
  /** Text index right after the `[`. */
  labelStart: number;
  /** The first run number inside. */
  runFrom: number;
  /** The first item index inside. */
  itemFrom: number;
  inactive: boolean;
  /** `labelTokens` when it opened (a footnote call from `![^x]` needs none since). */
  labelTokens: number;
  /** `pendingDepth` when it opened. */
  depthBefore: number;
}

const SPACE = 32;
const TAB = 9;
const LINE_FEED = 10;

class InlineScanner {
  private readonly text: string;
  private readonly items: InlineItem[] = [];
  private readonly runs = new DelimiterRuns();
  private readonly brackets: Bracket[] = [];
  /** Start of the plain text not yet listed. */
  private dataStart = 0;
  /** Where the last backslash escape ended (micromark's `previous` checks look at it). */
  private lastEscapeEnd = -1;
  /** Label starts, links and footnote calls made so far. */
  private labelTokens = 0;
  /** Which of emphasis and strikethrough came first (micromark resolves in that order). */
  private strikethroughFirst: boolean | undefined;
  private htmlScanner: HtmlScanner | undefined;
  private trailScanner: TrailScanner | undefined;
  private codeRuns: ClosingRuns | undefined;
  private mathRuns: ClosingRuns | undefined;
  /** The last `@` (no email literal starts after it). */
  private readonly lastAt: number;
  private nonWhitespaceCounts: Uint32Array | undefined;
  /** Emphasis nesting of the links made since the last run (`DelimiterRuns.add`). */
  private pendingDepth = 0;
  /**
   * How far micromark read in attempts that failed (text index, exclusive): an unclosed code
   * span or math reads to the content's end, raw HTML and a link's resource or reference to
   * where they fail (GFM's task check before the first character: `InlineInput.readBefore`).
   * micromark's tokenizer sets each continuation line's start (its skip past the containers'
   * prefix) when it first reads the line; a line ending read again after a failed attempt
   * went past it then ends at that start, not right after its own characters.
   */
  private readBefore: number;

  constructor(
    private readonly content: InlineContent,
    private readonly context: InlineContext,
    private readonly inTable: boolean,
  ) {
    this.text = content.text;
    this.readBefore = content.readBefore;
    this.lastAt = this.text.lastIndexOf('@');
  }

  scan(): InlineItem[] {
    const text = this.text;
    const length = text.length;
    let index = 0;
    while (index < length) {
      const code = text.charCodeAt(index);
      let next = -1;
      switch (code) {
        case LINE_FEED:
          next = this.lineEnding(index);
          break;
        case 92 /* \ */:
          next = this.backslash(index);
          break;
        case 38 /* & */:
          next = this.characterReference(index);
          break;
        case 96 /* ` */:
          next = this.codeSpan(index);
          break;
        case 36 /* $ */:
          next = this.math(index);
          break;
        case 60 /* < */:
          next = this.angleBracket(index);
          break;
        case 33 /* ! */:
          if (text.charCodeAt(index + 1) === 91) next = this.openBracket(index, true);
          break;
        case 91 /* [ */:
          next = this.footnoteCall(index);
          if (next === -1) next = this.openBracket(index, false);
          break;
        case 93 /* ] */:
          next = this.closeBracket(index);
          break;
        case 42 /* * */:
          next = this.attention(index);
          break;
        case 95 /* _ */:
          next = this.emailLiteral(index);
          if (next === -1) next = this.attention(index);
          break;
        case 126 /* ~ */:
          next = this.strikethrough(index);
          break;
        case 58 /* : */:
          next = this.emoji(index);
          break;
        default:
          if (code < 128 && isGfmAtext(code)) next = this.literal(index, code);
      }
      if (next === -1) index++;
      else index = next;
    }
    // The content's final whitespace is not text (micromark's line suffix).
    this.flush(length - this.trailingWhitespace(length)[0]);
    for (let bracket = this.brackets.pop(); bracket !== undefined; bracket = this.brackets.pop())
      this.bracketIsText(bracket);
    this.resolveRuns(0, this.runs.length, this.strikethroughFirst === true);
    return this.items;
  }

  private get html(): HtmlScanner {
    this.htmlScanner ??= new HtmlScanner(
      this.text,
      (from, to) => this.content.slice(from, to),
      (index) => this.content.columnOf(index),
    );
    return this.htmlScanner;
  }

  private get trail(): TrailScanner {
    this.trailScanner ??= new TrailScanner(this.text);
    return this.trailScanner;
  }

  private previous(index: number): number {
    return index === 0 ? Number.NaN : this.text.charCodeAt(index - 1);
  }

  /** Lists the plain text from `dataStart` to `to` (one line at most). */
  private flush(to: number): void {
    if (to > this.dataStart) {
      const content = this.content;
      this.items.push({
        kind: 'text',
        value: this.text.slice(this.dataStart, to),
        start: content.offset(this.dataStart),
        end: content.offset(to),
        escaped: false,
      });
    }
  }

  /** Lists a node spanning `[from, to)` and goes on after it. */
  private pushNode(from: number, to: number, node: PhrasingContent): number {
    this.flush(from);
    node.position = { start: this.context.points.point(this.content.offset(from)), end: this.point(to) };
    this.items.push({ kind: 'node', node });
    this.dataStart = to;
    return to;
  }

  private point(index: number) {
    return this.context.points.point(this.content.offset(index));
  }

  /** Spaces and tabs right before `index` in the pending plain text: their count, any tab. */
  private trailingWhitespace(index: number): [size: number, tab: boolean] {
    let size = 0;
    let tab = false;
    while (index - size > this.dataStart) {
      const code = this.text.charCodeAt(index - size - 1);
      if (code === TAB) tab = true;
      else if (code !== SPACE) break;
      size++;
    }
    return [size, tab];
  }

  /** After a line ending: the next line's indentation is not text (micromark's line prefix). */
  private skipLinePrefix(index: number): number {
    const text = this.text;
    for (;;) {
      const code = text.charCodeAt(index);
      if (code !== SPACE && code !== TAB) return index;
      index++;
    }
  }

  /** Notes that micromark read up to `index` (exclusive) in an attempt that failed. */
  private failedAt(index: number): void {
    if (index > this.readBefore) this.readBefore = index;
  }

  /**
   * Where the line ending at `index` (a `\n`) ends in the source: where the next line starts
   * (past its containers' prefix) if a failed attempt read past it before, else right after
   * its own characters.
   */
  private lineEndingEnd(index: number): number {
    return this.readBefore > index ? this.content.offset(index + 1) : this.content.lineEnding(index)[1];
  }

  private lineEnding(index: number): number {
    const [size, tab] = this.trailingWhitespace(index);
    this.flush(index - size);
    const [start, ownEnd] = this.content.lineEnding(index);
    const end = this.lineEndingEnd(index);
    const points = this.context.points;
    if (size >= 2 && !tab) {
      const from = this.content.offset(index - size);
      this.items.push({
        kind: 'node',
        node: { type: 'break', position: { start: points.point(from), end: points.point(end) } },
      });
    } else {
      this.items.push({
        kind: 'text',
        value: this.content.source.slice(start, ownEnd),
        start,
        end,
        escaped: false,
      });
    }
    const next = this.skipLinePrefix(index + 1);
    this.dataStart = next;
    return next;
  }

  private backslash(index: number): number {
    const text = this.text;
    const code = text.charCodeAt(index + 1);
    if (code === LINE_FEED) {
      this.flush(index);
      const end = this.lineEndingEnd(index + 1);
      const points = this.context.points;
      this.items.push({
        kind: 'node',
        node: {
          type: 'break',
          position: { start: points.point(this.content.offset(index)), end: points.point(end) },
        },
      });
      const next = this.skipLinePrefix(index + 2);
      this.dataStart = next;
      return next;
    }
    if (!isAsciiPunctuation(code)) return -1;
    this.flush(index);
    this.items.push({
      kind: 'text',
      value: text.charAt(index + 1),
      start: this.content.offset(index),
      end: this.content.offset(index + 2),
      escaped: true,
    });
    this.lastEscapeEnd = index + 2;
    this.dataStart = index + 2;
    return index + 2;
  }

  private characterReference(index: number): number {
    const reference = readCharacterReference(this.text, index);
    if (reference === undefined) return -1;
    this.flush(index);
    this.items.push({
      kind: 'text',
      value: reference.value,
      start: this.content.offset(index),
      end: this.content.offset(reference.end),
      escaped: false,
    });
    this.dataStart = reference.end;
    return reference.end;
  }

  /** Whether a construct starting with `marker` may start here (not inside a run of it). */
  private startsRun(index: number, marker: number): boolean {
    return this.previous(index) !== marker || this.lastEscapeEnd === index;
  }

  private runLength(index: number, marker: number): number {
    let end = index;
    while (this.text.charCodeAt(end) === marker) end++;
    return end - index;
  }

  private codeSpan(index: number): number {
    if (!this.startsRun(index, 96)) return -1;
    const size = this.runLength(index, 96);
    this.codeRuns ??= new ClosingRuns(this.text, 96);
    const close = this.codeRuns.find(size, index + size);
    if (close === -1) {
      this.failedAt(this.text.length);
      return index + size;
    }
    let value = this.paddedValue(index + size, close);
    if (this.inTable && value.indexOf('\\') !== -1)
      value = value.replace(/\\([\\|])/g, (escaped, character: string) =>
        character === '|' ? character : escaped,
      );
    const node: InlineCode = { type: 'inlineCode', value };
    return this.pushNode(index, close + size, node);
  }

  private math(index: number): number {
    if (!this.startsRun(index, 36)) return -1;
    const size = this.runLength(index, 36);
    // `singleDollarTextMath: false`: one dollar is text.
    if (size < 2) return index + size;
    this.mathRuns ??= new ClosingRuns(this.text, 36);
    const close = this.mathRuns.find(size, index + size);
    if (close === -1) {
      this.failedAt(this.text.length);
      return index + size;
    }
    const value = this.paddedValue(index + size, close);
    return this.pushNode(index, close + size, {
      type: 'inlineMath',
      value,
      data: {
        hName: 'code',
        hProperties: { className: ['language-math', 'math-inline'] },
        hChildren: [{ type: 'text', value }],
      },
    } as PhrasingContent);
  }

  /** A code span's or math's value (`code-spans.ts`), line endings as the source wrote them. */
  private paddedValue(from: number, to: number): string {
    const [start, end] = unpaddedRange(this.text, from, to, (index) => this.content.isPad(index));
    return this.content.slice(start, end);
  }

  private angleBracket(index: number): number {
    const autolink = readAutolink(this.text, index);
    if (autolink !== undefined) {
      const raw = this.text.slice(index + 1, autolink.end - 1);
      return this.pushNode(index, autolink.end, {
        type: 'link',
        title: null,
        url: autolink.email ? 'mailto:' + raw : raw,
        children: [
          {
            type: 'text',
            value: raw,
            position: { start: this.point(index + 1), end: this.point(autolink.end - 1) },
          },
        ],
      });
    }
    const html = this.html.read(index);
    if (typeof html === 'number') {
      this.failedAt(html);
      return -1;
    }
    return this.pushNode(index, html.end, { type: 'html', value: html.value });
  }

  private emoji(index: number): number {
    const end = readEmojiShortcode(this.text, index);
    if (end === -1) return -1;
    return this.pushNode(index, end, {
      type: 'gitbookEmoji',
      name: this.text.slice(index + 1, end - 1),
    } as PhrasingContent);
  }

  /** A literal autolink at an ASCII letter, digit, `+`, `-` or `.` (micromark's order: email first). */
  private literal(index: number, code: number): number {
    const email = this.emailLiteral(index);
    if (email !== -1) return email;
    if (this.brackets.length > 0) return -1;
    if (code === 119 || code === 87) {
      if (!previousAllowsWww(this.previous(index))) return -1;
      const end = readWwwLiteral(this.text, index, this.trail);
      if (end === -1) return -1;
      return this.literalLink(index, end, 'http://');
    }
    if (code === 104 || code === 72) {
      if (!previousAllowsProtocol(this.previous(index))) return -1;
      const end = readProtocolLiteral(this.text, index, this.trail);
      if (end === -1) return -1;
      return this.literalLink(index, end, '');
    }
    return -1;
  }

  private emailLiteral(index: number): number {
    if (index > this.lastAt || this.brackets.length > 0 || !previousAllowsEmail(this.previous(index)))
      return -1;
    const end = readEmailLiteral(this.text, index);
    return end === -1 ? -1 : this.literalLink(index, end, 'mailto:');
  }

  private literalLink(index: number, end: number, prefix: string): number {
    const value = this.text.slice(index, end);
    return this.pushNode(index, end, {
      type: 'link',
      title: null,
      url: prefix + value,
      children: [{ type: 'text', value, position: { start: this.point(index), end: this.point(end) } }],
    });
  }

  private footnoteCall(index: number): number {
    if (this.context.footnoteDefinitions.size === 0) return -1;
    const end = readFootnoteCall(this.text, index);
    if (end === -1) return -1;
    const raw = this.text.slice(index + 2, end - 1);
    const identifier = normalizedIdentifier(raw);
    if (!this.context.footnoteDefinitions.has(identifier)) return -1;
    this.labelTokens++;
    return this.pushNode(index, end, { type: 'footnoteReference', identifier, label: decodeString(raw) });
  }

  private openBracket(index: number, image: boolean): number {
    this.flush(index);
    const end = index + (image ? 2 : 1);
    const item: OpenerItem = {
      kind: 'opener',
      image,
      start: this.content.offset(index),
      end: this.content.offset(end),
      link: undefined,
    };
    this.labelTokens++;
    this.brackets.push({
      item,
      image,
      labelStart: end,
      runFrom: this.runs.length,
      itemFrom: this.items.length + 1,
      inactive: false,
      labelTokens: this.labelTokens,
      depthBefore: this.pendingDepth,
    });
    this.pendingDepth = 0;
    this.items.push(item);
    this.dataStart = end;
    return end;
  }

  /** Whether a label's normalized text may be a definition's (at most 999 characters). */
  private isDefined(from: number, to: number): boolean {
    const definitions = this.context.definitions;
    if (definitions.size === 0) return false;
    if (to - from > 999) {
      if (this.nonWhitespaceCounts === undefined) {
        const counts = new Uint32Array(this.text.length + 1);
        for (let index = 0; index < this.text.length; index++) {
          const code = this.text.charCodeAt(index);
          counts[index + 1] = counts[index]! + (code === SPACE || code === TAB || code === LINE_FEED ? 0 : 1);
        }
        this.nonWhitespaceCounts = counts;
      }
      if (this.nonWhitespaceCounts[to]! - this.nonWhitespaceCounts[from]! > 999) return false;
    }
    return definitions.has(normalizedIdentifier(this.text.slice(from, to)));
  }

  private closeBracket(index: number): number {
    const bracket = this.brackets.pop();
    if (bracket === undefined) return -1;
    if (bracket.inactive) {
      this.bracketIsText(bracket);
      return -1;
    }
    const text = this.text;
    const defined = this.isDefined(bracket.labelStart, index);
    const after = index + 1;
    let end = -1;
    let link: LinkGroup | undefined;
    const labelRaw = () => this.content.slice(bracket.labelStart, index);
    const reference = (referenceType: LinkGroup['referenceType'], raw: string): LinkGroup => ({
      type: bracket.image ? 'imageReference' : 'linkReference',
      url: '',
      title: null,
      identifier: normalizedIdentifier(raw),
      label: decodeString(raw),
      referenceType,
      start: 0,
      end: 0,
    });
    const nextCode = text.charCodeAt(after);
    if (nextCode === 40 /* ( */) {
      const resource = readResource(text, after, (from, to) => this.content.slice(from, to));
      if (typeof resource !== 'number') {
        end = resource.end;
        link = {
          type: bracket.image ? 'image' : 'link',
          url: resource.url,
          title: resource.title,
          identifier: '',
          label: '',
          referenceType: 'shortcut',
          start: 0,
          end: 0,
        };
      } else {
        this.failedAt(resource);
        if (defined) {
          end = after;
          link = reference('shortcut', labelRaw());
        }
      }
    } else if (nextCode === 91 /* [ */) {
      const label = readReferenceLabel(text, after);
      const full = typeof label !== 'number' && this.context.definitions.has(normalizedIdentifier(label.raw));
      // A label read whole but not defined fails too, after its `]`.
      if (!full) this.failedAt(typeof label === 'number' ? label : label.end);
      if (full && typeof label !== 'number') {
        end = label.end;
        link = reference('full', this.content.slice(after + 1, label.end - 1));
      } else if (defined && text.charCodeAt(after + 1) === 93) {
        end = after + 2;
        link = reference('collapsed', labelRaw());
      }
    } else if (defined) {
      end = after;
      link = reference('shortcut', labelRaw());
    }
    if (link === undefined) {
      const next = bracket.image ? this.imageFootnoteCall(bracket, index) : -1;
      if (next === -1) this.bracketIsText(bracket);
      return next;
    }
    this.flush(index);
    link.start = bracket.item.start;
    link.end = this.content.offset(end);
    bracket.item.link = link;
    const depth = Math.max(this.resolveRuns(bracket.runFrom, this.runs.length, true), this.pendingDepth);
    this.runs.truncate(bracket.runFrom);
    this.pendingDepth = Math.max(bracket.depthBefore, depth);
    this.items.push({ kind: 'linkEnd' });
    this.labelTokens++;
    if (!bracket.image)
      for (let position = this.brackets.length - 1; position >= 0; position--) {
        const outer = this.brackets[position]!;
        if (outer.image) continue;
        if (outer.inactive) break;
        outer.inactive = true;
      }
    this.dataStart = end;
    return end;
  }

  /** A bracket that opens nothing: what came before it comes before the runs after it. */
  private bracketIsText(bracket: Bracket): void {
    if (bracket.runFrom < this.runs.length) this.runs.carry(bracket.runFrom, bracket.depthBefore);
    else this.pendingDepth = Math.max(this.pendingDepth, bracket.depthBefore);
  }

  /** `![^x]` with `x` a footnote: `!` then a footnote call (micromark-extension-gfm-footnote). */
  private imageFootnoteCall(bracket: Bracket, index: number): number {
    const footnotes = this.context.footnoteDefinitions;
    if (footnotes.size === 0 || bracket.labelTokens !== this.labelTokens) return -1;
    const raw = this.content.slice(bracket.labelStart, index);
    const normalized = normalizedIdentifier(raw);
    if (normalized.charCodeAt(0) !== 94 || !footnotes.has(normalized.slice(1))) return -1;
    const string = raw.slice(1);
    // What the brackets held is the call's label now: its items and runs are dropped.
    this.items.length = bracket.itemFrom - 1;
    this.runs.truncate(bracket.runFrom);
    this.pendingDepth = bracket.depthBefore;
    const start = bracket.item.start;
    this.items.push({ kind: 'text', value: '!', start, end: start + 1, escaped: false });
    const points = this.context.points;
    this.items.push({
      kind: 'node',
      node: {
        type: 'footnoteReference',
        identifier: normalizedIdentifier(string),
        label: decodeString(string),
        position: { start: points.point(start + 1), end: this.point(index + 1) },
      },
    });
    this.labelTokens++;
    this.dataStart = index + 1;
    return index + 1;
  }

  private attention(index: number): number {
    const marker = this.text.charCodeAt(index);
    const size = this.runLength(index, marker);
    const [canOpen, canClose] = attentionFlanks(
      marker,
      this.previous(index),
      this.text.charCodeAt(index + size),
    );
    this.strikethroughFirst ??= false;
    return this.pushRun(index, size, marker, canOpen, canClose);
  }

  private strikethrough(index: number): number {
    if (!this.startsRun(index, 126)) return -1;
    const size = this.runLength(index, 126);
    if (size > 2) return index + size;
    const [canOpen, canClose] = strikethroughFlanks(this.previous(index), this.text.charCodeAt(index + size));
    this.strikethroughFirst ??= true;
    return this.pushRun(index, size, 126, canOpen, canClose);
  }

  private pushRun(index: number, size: number, marker: number, canOpen: boolean, canClose: boolean): number {
    this.flush(index);
    const run: Delimiter = {
      marker,
      start: this.content.offset(index),
      end: this.content.offset(index + size),
      canOpen,
      canClose,
      closeUsed: 0,
      openUsed: 0,
      opens: [],
      closes: [],
    };
    this.runs.add(run, this.pendingDepth);
    this.pendingDepth = 0;
    this.items.push({ kind: 'delimiter', run });
    this.dataStart = index + size;
    return index + size;
  }

  /** Resolves the runs `[from, to)`: their deepest emphasis nesting. */
  private resolveRuns(from: number, to: number, strikethroughFirst: boolean): number {
    return to > from ? this.runs.resolveSpan(from, to, strikethroughFirst) : 0;
  }
}
