import type {
  BlockContent,
  DefinitionContent,
  Paragraph,
  Parent,
  PhrasingContent,
  Root,
  RootContent,
} from 'mdast';
import type { Options as StringifyOptions } from 'remark-stringify';
import type { DocumentHintStyle } from './document-types';
import { openingTagText } from './gitbook-tag';

// The printer's types, through remark-stringify (mdast-util-to-markdown is not a direct dependency).
type Handle = NonNullable<NonNullable<StringifyOptions['handlers']>['hint']>;
type Unsafe = NonNullable<StringifyOptions['unsafe']>[number];

/**
 * GitBook's hint block in markdown, `{% hint style="info" %}` ... `{% endhint %}`, as an
 * mdast node of its own (`hint`), so that normalizing markdown and printing a document tree
 * go through the same printer.
 *
 * Printed form (canonical): the opening tag, a blank line, the content, a blank line, the
 * closing tag. The blank lines make the content independent of the tags: a list or a table
 * that ends the content cannot swallow the closing tag by lazy continuation.
 *
 * Read form: the tags alone in a paragraph (the printed form), or GitBook's tight form where
 * the opening tag is the first line of the content's first paragraph and the closing tag the
 * last line of its last paragraph (also when that paragraph ends a list or a quote, which
 * continue lazily over the closing line). A tag is recognised only where the source has it
 * verbatim, so text that merely reads like a tag (printed escaped as `\{%`) stays text.
 */

export interface Hint extends Parent {
  type: 'hint';
  style: DocumentHintStyle;
  /** GitBook's hint icon (`{% hint style="info" icon="rocket" %}`), when not the style's own. */
  icon?: string;
  children: Array<BlockContent | DefinitionContent>;
}

declare module 'mdast' {
  interface RootContentMap {
    hint: Hint;
  }
  interface BlockContentMap {
    hint: Hint;
  }
}

const hintStyles: readonly DocumentHintStyle[] = ['info', 'warning', 'danger', 'success'];
const closingTag = '{% endhint %}';

export function openingTagOf(style: DocumentHintStyle, icon?: string): string {
  return icon === undefined
    ? '{% hint style="' + style + '" %}'
    : openingTagText({ name: 'hint', attributes: { style, icon } });
}

function styleOfOpeningTag(line: string): DocumentHintStyle | undefined {
  return hintStyles.find((style) => line === openingTagOf(style));
}

/** Prints a hint: tags on their own lines, content between blank lines. */
export const printHint: Handle = (node, _parent, state, info) => {
  const hint = node as Hint;
  const content = state.containerFlow(hint, info);
  const open = openingTagOf(hint.style, hint.icon);
  return content === '' ? open + '\n\n' + closingTag : open + '\n\n' + content + '\n\n' + closingTag;
};

/** Text starting a line with `{%` is escaped, so it can never be read back as a tag. */
export const hintUnsafePatterns: Unsafe[] = [{ character: '{', after: '%', atBreak: true }];

type FlowNode = RootContent;

/** A tag split out of a paragraph; `style` is undefined for the closing tag. */
interface TagMarker {
  type: 'hintTag';
  style: DocumentHintStyle | undefined;
}

type Item = FlowNode | TagMarker;

function isMarker(item: Item): item is TagMarker {
  return item.type === 'hintTag';
}

/** True when `source` has `tag` verbatim at `offset` (not escaped, not an entity). */
function verbatimAt(source: string, offset: number | undefined, tag: string): boolean {
  return offset !== undefined && source.slice(offset, offset + tag.length) === tag;
}

/** Splits a leading opening tag off a paragraph: [tag, rest] or undefined. */
function splitOpening(paragraph: Paragraph, source: string): [TagMarker, Paragraph | undefined] | undefined {
  const first = paragraph.children[0];
  if (first?.type !== 'text') return undefined;
  const newline = first.value.indexOf('\n');
  const line = newline === -1 ? first.value : first.value.slice(0, newline);
  const style = styleOfOpeningTag(line);
  if (style === undefined || !verbatimAt(source, first.position?.start.offset, line)) return undefined;
  if (newline === -1 && paragraph.children.length === 1) {
    return [{ type: 'hintTag', style }, undefined];
  }
  if (newline === -1) return undefined;
  // The rest keeps the text's position: a closing tag at its end is checked against the source.
  const rest: PhrasingContent[] = [
    { type: 'text', value: first.value.slice(newline + 1), position: first.position },
  ];
  const restParagraph: Paragraph = { type: 'paragraph', children: [...rest, ...paragraph.children.slice(1)] };
  return [{ type: 'hintTag', style }, restParagraph];
}

/** Splits a trailing closing tag off a paragraph: [rest, tag] or undefined. */
function splitClosing(paragraph: Paragraph, source: string): [Paragraph | undefined, TagMarker] | undefined {
  const last = paragraph.children.at(-1);
  if (last?.type !== 'text') return undefined;
  const endOffset = last.position?.end.offset;
  const tagOffset = endOffset === undefined ? undefined : endOffset - closingTag.length;
  if (!verbatimAt(source, tagOffset, closingTag)) return undefined;
  if (last.value === closingTag && paragraph.children.length === 1) {
    return [undefined, { type: 'hintTag', style: undefined }];
  }
  if (!last.value.endsWith('\n' + closingTag)) return undefined;
  const kept = last.value.slice(0, -(closingTag.length + 1));
  const children = [
    ...paragraph.children.slice(0, -1),
    ...(kept === '' ? [] : [{ type: 'text' as const, value: kept }]),
  ];
  return [
    { type: 'paragraph', children },
    { type: 'hintTag', style: undefined },
  ];
}

/** The last paragraph reached through last children (lists, items, quotes continue lazily). */
function lastDescendantParagraph(node: FlowNode): { paragraph: Paragraph; owner: Parent } | undefined {
  let current: Parent | undefined =
    'children' in node && node.type !== 'paragraph' ? (node as Parent) : undefined;
  while (current !== undefined) {
    const last = current.children.at(-1);
    if (last === undefined) return undefined;
    if (last.type === 'paragraph') return { paragraph: last, owner: current };
    if (last.type === 'list' || last.type === 'listItem' || last.type === 'blockquote') current = last;
    else return undefined;
  }
  return undefined;
}

function splitTags(children: FlowNode[], source: string): Item[] {
  const items: Item[] = [];
  let openTags = 0;
  for (const child of children) {
    if (child.type !== 'paragraph') {
      items.push(child);
      const lazy = openTags > 0 ? lastDescendantParagraph(child) : undefined;
      const split = lazy ? splitClosing(lazy.paragraph, source) : undefined;
      if (lazy && split && split[0] !== undefined) {
        lazy.owner.children[lazy.owner.children.length - 1] = split[0];
        items.push(split[1]);
        openTags -= 1;
      }
      continue;
    }
    const opening = splitOpening(child, source);
    const afterOpening = opening ? opening[1] : child;
    if (opening) {
      items.push(opening[0]);
      openTags += 1;
    }
    const closing = afterOpening && openTags > 0 ? splitClosing(afterOpening, source) : undefined;
    if (closing) {
      if (closing[0]) items.push(closing[0]);
      items.push(closing[1]);
      openTags -= 1;
    } else if (afterOpening) {
      items.push(afterOpening);
    }
  }
  return items;
}

/** Pairs tags (innermost first) into hint nodes; a tag without a partner becomes text again. */
function pairTags(items: Item[]): FlowNode[] {
  const out: Item[] = [];
  const openIndexes: number[] = [];
  for (const item of items) {
    if (!isMarker(item)) {
      out.push(item);
      continue;
    }
    if (item.style !== undefined) {
      openIndexes.push(out.length);
      out.push(item);
      continue;
    }
    const openIndex = openIndexes.pop();
    if (openIndex === undefined) {
      out.push(item);
      continue;
    }
    const opening = out[openIndex] as TagMarker;
    const content = out.splice(openIndex + 1) as FlowNode[];
    out[openIndex] = {
      type: 'hint',
      style: opening.style!,
      children: content as Hint['children'],
    };
  }
  return out.map((item) => (isMarker(item) ? unpairedTag(item) : item));
}

/** An unpaired tag stays text, in a paragraph of its own (printed escaped from then on). */
function unpairedTag(marker: TagMarker): FlowNode {
  const text = marker.style === undefined ? closingTag : openingTagOf(marker.style);
  return { type: 'paragraph', children: [{ type: 'text', value: text }] };
}

/**
 * Replaces hint tags by `hint` nodes in every container of a freshly parsed tree.
 */
export function readHints(tree: Root, source: string): void {
  const visit = (parent: Parent): void => {
    for (const child of parent.children) {
      if ('children' in child && child.type !== 'paragraph' && child.type !== 'heading')
        visit(child as Parent);
    }
    if (parent.type === 'root' || parent.type === 'blockquote' || parent.type === 'listItem') {
      parent.children = pairTags(splitTags(parent.children as FlowNode[], source));
    }
  };
  visit(tree);
}
