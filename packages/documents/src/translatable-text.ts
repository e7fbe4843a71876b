/**
 * The text of a markdown page that a translation sends, and the page rebuilt from the
 * translations: structure identical (headings, lists, tables, hints, code blocks, links'
 * targets), only text replaced.
 *
 * Blocks, in document order: every paragraph, heading and table cell (wherever it stands: in
 * a list item, a quote, a hint, a footnote, a tab, a step, a column, an update, an
 * expandable, conditional content, a file's or an embed's caption), then the alt text and
 * caption (title) of each image in it and the label of each button. GitBook's blocks add
 * their own text (`blockSlots`): a tab's title, an expandable's summary, a figure's caption
 * and alt text, the text cells of cards (not their target or cover, which are URLs). Code
 * blocks, math, HTML, front matter, definitions, OpenAPI blocks, includes, block attributes
 * other than a tab's title (URLs, paths, code titles, conditions, dates) are never sent; a
 * block without a letter in its text (a cell holding `42`, a paragraph holding only an
 * image) is not sent either.
 *
 * Inline marks travel as tags, because the sentence around them is translated as a whole and
 * the words they mark move with the grammar: `<b>`, `<i>`, `<s>` for strong, emphasis and
 * strikethrough; `<a id="N">…</a>` for a link (its URL stays here, only its words are sent);
 * `<mark id="N">…</mark>` for a coloured span (its colours stay here), `<span id="N">…</span>`
 * for a key, a superscript or a subscript; `<code id="N"></code>`
 * for inline code and `<x id="N"></x>` for anything else kept as is (images, inline HTML,
 * footnote references, math, icons, buttons): an empty element, so the code itself is never
 * sent; `<br>` for a hard break. Text is HTML-escaped, so the whole block is an HTML fragment
 * that LibreTranslate's `format: 'html'` and a chat model both keep tags of. Tags are HTML's,
 * not markdown: a translator keeps `**` poorly and would see URLs inside `[text](url)`.
 *
 * Reading a translation back is tolerant, since translators do not always keep tags:
 * tag names are read in any case, a closing tag without its opening is dropped, a tag left
 * open is closed at the block's end, an unknown tag stays text, and a link or kept element
 * the translation lost is appended at the end of the block, so no URL and no code is ever
 * lost.
 */
import type { Nodes, Parent, PhrasingContent, Root } from 'mdast';
import type { GitbookBlock } from './gitbook-blocks';
import { cardsTextColumns } from './gitbook-cards-columns';
import type {
  CardsColumn,
  GitbookCards,
  GitbookDetails,
  GitbookFigure,
  GitbookMark,
  GitbookTextMark,
} from './gitbook-html';
import { isAutolink } from './links-of';
import { parseMarkdown, printMarkdown } from './markdown-processor';

/**
 * A page's text to translate (`texts`, in order) and its rebuild from their translations,
 * over one parse: a run parses each page once, whatever it sends. `rebuild` fills the parsed
 * tree in place, so it is called once.
 */
export interface TranslatableMarkdown {
  texts: string[];
  /** The canonical markdown (as `normalizeMarkdown` prints it) with `texts` replaced by `translated`, in order. */
  rebuild(translated: readonly string[]): string;
}

/** A rebuild given a different number of translations than `texts` holds, or called twice. */
export class TranslationCountError extends Error {
  override readonly name = 'TranslationCountError';
}

export function translatableMarkdown(markdown: string): TranslatableMarkdown {
  const tree = parseMarkdown(markdown);
  const slots = slotsOf(tree);
  let rebuilt = false;
  return {
    texts: slots.map((slot) => slot.text),
    rebuild(translated) {
      if (rebuilt) throw new TranslationCountError('a translatable page is rebuilt once');
      if (slots.length !== translated.length)
        throw new TranslationCountError(
          `expected ${slots.length} translated texts, got ${translated.length}`,
        );
      rebuilt = true;
      for (const [index, slot] of slots.entries()) slot.put(translated[index] as string);
      return printMarkdown(tree);
    },
  };
}

/**
 * Plain text (a page's title or description) as a translator is sent it: the same HTML
 * fragment as a block's text, so one call carries titles and bodies alike.
 */
export function plainTextToTranslate(text: string): string {
  return escapeText(text);
}

/** The plain text of a translation of `plainTextToTranslate`'s fragment: tags dropped, entities read, one line. */
export function plainTextFromTranslation(translated: string): string {
  return plainTextOf(translated).trim();
}

/** The blocks of `markdown` to translate, in order. */
export function translatableTexts(markdown: string): string[] {
  return translatableMarkdown(markdown).texts;
}

/** `markdown` rebuilt from `translated`, given in the order of `translatableTexts(markdown)`. */
export function rebuildTranslatedMarkdown(markdown: string, translated: readonly string[]): string {
  return translatableMarkdown(markdown).rebuild(translated);
}

/** A place in the tree holding text to translate: what is sent, and how its translation goes back. */
interface TextSlot {
  text: string;
  put(translated: string): void;
}

type ImageNode = Extract<
  PhrasingContent,
  { type: 'image' | 'imageReference' | 'gitbookPicture' | 'gitbookInlineImage' }
>;
type ButtonNode = Extract<PhrasingContent, { type: 'gitbookButton' | 'gitbookSizedButton' }>;
/** Inline nodes sent as a tag around their words: links, coloured spans, keys, super- and subscripts. */
type LinkNode = Extract<PhrasingContent, { type: 'link' | 'linkReference' }> | GitbookMark | GitbookTextMark;
type KeptNode = Exclude<
  PhrasingContent,
  { type: 'text' | 'emphasis' | 'strong' | 'delete' | 'break' | 'gitbookMark' | 'gitbookTextMark' }
>;

// Aligned paragraphs and headings (`<p align>`, `<h2 align>`) hold phrasing as paragraphs do.
const phrasingContainers = new Set([
  'paragraph',
  'heading',
  'tableCell',
  'gitbookParagraph',
  'gitbookHeading',
]);
const neverSent = new Set([
  'code',
  'gitbookHighlightedCode',
  'html',
  'yaml',
  'definition',
  'openapiOperation',
  'math',
]);

function slotsOf(tree: Root): TextSlot[] {
  const slots: TextSlot[] = [];
  // An explicit stack, children pushed in reverse: document order, and a deep tree cannot
  // exhaust the call stack.
  const stack: Array<Nodes | Root> = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes | Root;
    if (neverSent.has(node.type)) continue;
    if (phrasingContainers.has(node.type)) {
      slots.push(...phrasingSlots(node as Parent & { children: PhrasingContent[] }));
      continue;
    }
    slots.push(...blockSlots(node));
    if ('children' in node) {
      const children = node.children as Nodes[];
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Nodes);
    }
  }
  return slots;
}

/**
 * The text GitBook's blocks hold outside their children: a tab's title, an expandable's
 * summary, a figure's caption and alt, the text cells of cards. Their children (a tab's
 * content, an expandable's body) are walked as any container's.
 */
function blockSlots(node: Nodes | Root): TextSlot[] {
  switch (node.type) {
    case 'gitbookBlock': {
      const block = node as GitbookBlock;
      return block.name === 'tab' ? plainSlots(block.attributes, 'title') : [];
    }
    case 'gitbookDetails': {
      const details = node as GitbookDetails;
      return phrasingSlots({
        get children() {
          return details.summary;
        },
        set children(children) {
          details.summary = children;
        },
      });
    }
    case 'gitbookFigure': {
      const figure = node as GitbookFigure;
      const caption = phrasingSlots({
        get children() {
          return figure.caption;
        },
        set children(children) {
          figure.caption = children;
        },
      });
      return [...plainSlots(figure, 'alt'), ...caption];
    }
    case 'gitbookCards': {
      const cards = node as GitbookCards;
      const slots: TextSlot[] = [];
      const columns = cardsTextColumns(cards);
      for (const index of columns)
        slots.push(...phrasingSlots(cellOf(cards.columns[index] as CardsColumn, 'title')));
      for (const row of cards.rows)
        for (const index of columns) slots.push(...phrasingSlots(cellOf(row, index)));
      return slots;
    }
    case 'gitbookDrawing':
      return plainSlots(node, 'alt');
    case 'gitbookTable':
      // A grid's header cells (its rows are its children, walked as any container's).
      return node.columns.flatMap((column) => phrasingSlots(cellOf(column, 'title')));
    default:
      return [];
  }
}

/** A place holding phrasing content, read and written through `children`. */
interface PhrasingPlace {
  children: PhrasingContent[];
}

function cellOf<K extends PropertyKey>(
  owner: { [key in K]: PhrasingContent[] } | PhrasingContent[][],
  key: K | number,
): PhrasingPlace {
  const record = owner as Record<PropertyKey, PhrasingContent[]>;
  return {
    get children() {
      return record[key] as PhrasingContent[];
    },
    set children(children) {
      record[key] = children;
    },
  };
}

/** A slot for a plain string property (an alt text, a title) when it has a letter. */
function plainSlots<K extends string>(owner: { [key in K]?: string | null }, key: K): TextSlot[] {
  const value = owner[key];
  if (!value || !/\p{L}/u.test(value)) return [];
  return [
    {
      text: escapeText(value),
      put: (translated) => {
        (owner as Record<string, string>)[key] = plainTextOf(translated);
      },
    },
  ];
}

/** The slot of a phrasing container (when it has words), then its images' alt and caption and its buttons' labels. */
function phrasingSlots(container: PhrasingPlace): TextSlot[] {
  const encoded = encodeInline(container.children);
  const slots: TextSlot[] = [];
  if (hasLetter(container.children))
    slots.push({
      text: encoded.text,
      put: (translated) => {
        container.children = decodeInline(translated, encoded.kept);
      },
    });
  for (const image of encoded.images) {
    slots.push(...plainSlots(image, 'alt'));
    if (image.type === 'image') slots.push(...plainSlots(image, 'title'));
    if (image.type === 'gitbookInlineImage') slots.push(...plainSlots(image, 'caption'));
  }
  for (const button of encoded.buttons) slots.push(...plainSlots(button, 'label'));
  return slots;
}

function hasLetter(nodes: readonly PhrasingContent[]): boolean {
  return nodes.some((node) =>
    node.type === 'text' ? /\p{L}/u.test(node.value) : 'children' in node && hasLetter(node.children),
  );
}

interface EncodedInline {
  text: string;
  /** Links, coloured spans and kept elements by their tag's id, in document order. */
  kept: Map<number, LinkNode | KeptNode>;
  images: ImageNode[];
  buttons: ButtonNode[];
}

const markTags = { emphasis: 'i', strong: 'b', delete: 's' } as const;

function encodeInline(nodes: readonly PhrasingContent[]): EncodedInline {
  const kept = new Map<number, LinkNode | KeptNode>();
  const images: ImageNode[] = [];
  const buttons: ButtonNode[] = [];
  const encode = (children: readonly PhrasingContent[]): string =>
    children
      .map((node): string => {
        switch (node.type) {
          case 'text':
            return escapeText(node.value);
          case 'emphasis':
          case 'strong':
          case 'delete': {
            const tag = markTags[node.type];
            return '<' + tag + '>' + encode(node.children) + '</' + tag + '>';
          }
          case 'break':
            return '<br>';
          case 'link':
          case 'linkReference': {
            // An autolink's words are its URL: kept whole, never sent.
            if (node.type === 'link' && isAutolink(node)) return keep(node);
            const id = kept.size + 1;
            kept.set(id, node);
            return '<a id="' + id + '">' + encode(node.children) + '</a>';
          }
          case 'gitbookMark':
          case 'gitbookTextMark': {
            const id = kept.size + 1;
            kept.set(id, node);
            const tag = node.type === 'gitbookMark' ? 'mark' : 'span';
            return '<' + tag + ' id="' + id + '">' + encode(node.children) + '</' + tag + '>';
          }
          default:
            if (
              node.type === 'image' ||
              node.type === 'imageReference' ||
              node.type === 'gitbookPicture' ||
              node.type === 'gitbookInlineImage'
            )
              images.push(node);
            if (node.type === 'gitbookButton' || node.type === 'gitbookSizedButton') buttons.push(node);
            return keep(node);
        }
      })
      .join('');
  const keep = (node: KeptNode | LinkNode): string => {
    const id = kept.size + 1;
    kept.set(id, node);
    const tag = node.type === 'inlineCode' ? 'code' : 'x';
    return '<' + tag + ' id="' + id + '"></' + tag + '>';
  };
  return { text: encode(nodes), kept, images, buttons };
}

const tagPattern = /<(\/?)([a-z]+)((?:\s+[a-z]+\s*=\s*"[^"]*")*)\s*\/?>/gi;
// Maps, not objects: a tag a translator writes (`<constructor>`) must not read a prototype's property.
const markOfTag = new Map<string, 'emphasis' | 'strong' | 'delete'>([
  ['i', 'emphasis'],
  ['b', 'strong'],
  ['s', 'delete'],
]);
/** The same marks under HTML's other names, as a translator may rewrite them. */
const tagAliases = new Map([
  ['em', 'i'],
  ['strong', 'b'],
  ['del', 's'],
  ['strike', 's'],
]);
const knownTags = new Set(['a', 'mark', 'span', 'code', 'x', 'br', 'i', 'b', 's']);
/** Tags that wrap words around a node kept here (a link, a coloured span, a key...). */
const wrapperTags = new Set(['a', 'mark', 'span']);

interface OpenFrame {
  tag: string;
  children: PhrasingContent[];
}

/**
 * The phrasing content a translated block spells (see the module's comment on tolerance).
 * Kept nodes are put back themselves, not copies (each id is used once): the slots of their
 * own text (an image's alt, a button's label) fill them after this block's slot.
 */
function decodeInline(translated: string, kept: ReadonlyMap<number, LinkNode | KeptNode>): PhrasingContent[] {
  const root: OpenFrame = { tag: '', children: [] };
  const stack: OpenFrame[] = [root];
  const used = new Set<number>();
  const top = () => stack[stack.length - 1] as OpenFrame;
  const addText = (text: string) => {
    if (text !== '') top().children.push({ type: 'text', value: decodeEntities(text).replaceAll('\n', ' ') });
  };
  const closeTo = (depth: number) => {
    while (stack.length > depth) {
      const frame = stack.pop() as OpenFrame;
      const node = nodeOfFrame(frame, kept);
      if (node) top().children.push(node);
    }
  };
  let last = 0;
  for (const match of translated.matchAll(tagPattern)) {
    addText(translated.slice(last, match.index));
    last = match.index + match[0].length;
    const closing = match[1] === '/';
    const name = (match[2] as string).toLowerCase();
    const tag = tagAliases.get(name) ?? name;
    const id = idOf(match[3] as string);
    if (closing) {
      const depth = stack.findLastIndex((frame) => frame.tag === tag || frame.tag.startsWith(tag + '#'));
      if (depth > 0) closeTo(depth);
      else if (!knownTags.has(tag)) addText(match[0]);
      continue;
    }
    if (tag === 'br') top().children.push({ type: 'break' });
    else if (markOfTag.has(tag)) stack.push({ tag, children: [] });
    else if (wrapperTags.has(tag) && id !== undefined && isLink(kept.get(id)) && !used.has(id)) {
      used.add(id);
      stack.push({ tag: tag + '#' + id, children: [] });
    } else if ((tag === 'code' || tag === 'x') && id !== undefined && kept.has(id) && !used.has(id)) {
      used.add(id);
      top().children.push(kept.get(id) as KeptNode);
    } else if (!knownTags.has(tag)) addText(match[0]);
  }
  addText(translated.slice(last));
  closeTo(1);
  // What the translation lost is put back at the end: a link with its source words.
  const lost = [...kept].filter(([id]) => !used.has(id)).map(([, node]) => node);
  for (const node of lost) {
    if (lost.some((other) => other !== node && isLink(other) && contains(other, node))) continue;
    root.children.push({ type: 'text', value: ' ' }, node);
  }
  return root.children;
}

/** A closing `</a>` (`</mark>`) is matched by any open link (coloured span) frame. */
function nodeOfFrame(
  frame: OpenFrame,
  kept: ReadonlyMap<number, LinkNode | KeptNode>,
): PhrasingContent | undefined {
  const hash = frame.tag.indexOf('#');
  if (hash !== -1) {
    const link = kept.get(Number(frame.tag.slice(hash + 1))) as LinkNode;
    link.children = frame.children as LinkNode['children'];
    return link;
  }
  if (frame.children.length === 0) return undefined;
  return { type: markOfTag.get(frame.tag) as 'strong', children: frame.children };
}

const isLink = (node: Nodes | undefined): node is LinkNode =>
  node?.type === 'link' ||
  node?.type === 'linkReference' ||
  node?.type === 'gitbookMark' ||
  node?.type === 'gitbookTextMark';

function contains(parent: Nodes, target: Nodes): boolean {
  if (!('children' in parent)) return false;
  return (parent.children as Nodes[]).some((child) => child === target || contains(child, target));
}

function idOf(attributes: string): number | undefined {
  const match = /\bid\s*=\s*"(\d+)"/i.exec(attributes);
  return match ? Number(match[1]) : undefined;
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(Number.parseInt(lower.slice(2), 16)) ?? whole;
    if (lower.startsWith('#')) return safeCodePoint(Number.parseInt(lower.slice(1), 10)) ?? whole;
    return namedEntities[lower] ?? whole;
  });
}

function safeCodePoint(code: number): string | undefined {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/** A translated alt text or caption: its text, any tag dropped. */
function plainTextOf(translated: string): string {
  return decodeEntities(translated.replace(tagPattern, '')).replaceAll('\n', ' ');
}
