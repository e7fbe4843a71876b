/**
 * A page's markdown <-> the editor's document, without loss.
 *
 * Loading reads the markdown with the server's own reader (`markdownToDocument`), then keeps
 * each top-level block as editable nodes only if the whole way back (editor nodes -> document
 * tree -> the server's printer) gives exactly the block's text in the stored markdown.
 * Anything else (html, footnotes, front matter, reference definitions, a construct the editor
 * has no node for...) becomes a `rawMarkdown` block that carries its text verbatim. The
 * stored markdown is therefore always the blocks' texts joined by blank lines, and saving an
 * unedited page gives the server the same canonical markdown.
 */

import type { Schema } from '@tiptap/pm/model';
import type { JSONContent } from '@tiptap/react';
import { blockToEditor } from './document-to-editor';
import {
  type DocumentBlock,
  documentToMarkdown,
  type JSONDocument,
  markdownToDocument,
  userMentionNamesOf,
} from './documents';
import { blocksToDocument } from './editor-to-document';
import { fileByUrlOf, markdownOfFileByUrl } from './file-by-url';
import type { KeptSource } from './gitbook-nodes';
import { copyOf, sameJson } from './gitbook-shapes';

/**
 * Mentioned users' display names, as the pages read and the mention picker gave them (a
 * user's name is the same on every page): a member mention is written `[Name](… "mention")`,
 * as GitBook writes it, and a page read keeps the names its mentions had.
 */
const userNames = new Map<string, string>();

/** Notes a user's display name, for the mentions of them written from now on. */
export function noteUserName(userId: string, name: string): void {
  if (name.trim() !== '') userNames.set(userId, name);
}

const printBlocks = (nodes: DocumentBlock[]): string =>
  documentToMarkdown(
    { object: 'document', data: {}, nodes: nodes as JSONDocument['nodes'] },
    { userName: (userId) => userNames.get(userId) },
  ).replace(/\n+$/, '');

interface Candidate {
  nodes: JSONContent[];
  markdown: string;
}

/** The editor nodes of one block and the markdown they print, or undefined when they lose something. */
function candidateOf(block: DocumentBlock, schema: Schema): Candidate | undefined {
  try {
    const nodes = blockToEditor(block).map((json) => {
      const node = schema.nodeFromJSON(json);
      node.check();
      return node.toJSON() as JSONContent;
    });
    return { nodes, markdown: printBlocks(blocksToDocument(nodes)) };
  } catch {
    return undefined;
  }
}

const rawBlock = (markdown: string): JSONContent => ({ type: 'rawMarkdown', attrs: { markdown } });

/** Whether `text` stands at `at` in `source` as whole blocks (a blank line or the end after it). */
function standsAt(source: string, text: string, at: number): boolean {
  if (text === '' || !source.startsWith(text, at)) return false;
  const end = at + text.length;
  return end === source.length || source.startsWith('\n\n', end);
}

/** A block's JSON without the positions (`key`) the reader numbers it by. */
function withoutKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'key')
      .map(([key, child]) => [key, withoutKeys(child)]),
  );
}

/** Parses spent at most on finding where each block of one raw stretch ends. */
const MAX_SPLIT_PARSES = 24;

/**
 * The editor's node for `text` when it is the whole source of `block`, though not the form the
 * printer gives (a `<figure>`, a file by URL...): the block's node carrying that text, which
 * it saves as long as it is not edited.
 */
function nodeOfText(
  text: string,
  block: DocumentBlock,
  candidate: Candidate | undefined,
): JSONContent | undefined {
  let read: DocumentBlock[];
  try {
    read = markdownToDocument(text + '\n').nodes;
  } catch {
    return undefined;
  }
  if (read.length !== 1 || !sameJson(withoutKeys(read[0]), withoutKeys(block))) return undefined;
  const file = fileByUrlOf(text);
  if (file) return { type: 'fileByUrl', attrs: { data: file, source: { markdown: text, value: file } } };
  const node = candidate?.nodes.length === 1 ? candidate.nodes[0] : undefined;
  if (node?.type === 'gitbookBlock')
    return { ...node, attrs: { ...node.attrs, source: { markdown: text, value: node.attrs?.block } } };
  // A container holding a block written otherwise than printed (a tab holding a figure...),
  // whose nodes give back exactly the block read: its nodes, keeping the text while unchanged.
  if (node !== undefined && candidate !== undefined && opensWithSource(node) && keepsBlock(candidate, block))
    return {
      ...node,
      attrs: { ...node.attrs, source: { markdown: text, value: copyOf(withoutSource(node)) } },
    };
  // A block the editor cannot show is still found: kept raw on its own, its neighbours free.
  return rawBlock(text);
}

/** GitBook's containers, whose blocks are typed into (a hint or a quote holds no figure). */
const CONTAINERS = new Set(['tabs', 'stepper', 'expandable', 'columns', 'updates', 'conditional']);

/**
 * Whether a container opens as its nodes though its text is not the printed one: it holds a
 * block kept whole (a figure: the one form that differs), and no text that looks like markup
 * (HTML the reader kept as text, which the printer would escape once edited: kept raw).
 */
function opensWithSource(node: JSONContent): boolean {
  if (!CONTAINERS.has(node.type ?? '')) return false;
  let kept = false;
  let markup = false;
  const visit = (child: JSONContent) => {
    if (child.type === 'gitbookBlock') kept = true;
    if (child.type === 'text' && /[<>]/.test(child.text ?? '')) markup = true;
    for (const next of child.content ?? []) visit(next);
  };
  visit(node);
  return kept && !markup;
}

/** Whether the editor's nodes of a block give back that block, field for field. */
function keepsBlock(candidate: Candidate, block: DocumentBlock): boolean {
  try {
    return sameJson(withoutKeys(blocksToDocument(candidate.nodes)), withoutKeys([block]));
  } catch {
    return false;
  }
}

/** A top-level node as the editor holds it, without the source it keeps (what an edit changes). */
function withoutSource(node: JSONContent): JSONContent {
  const { source: _source, ...attrs } = node.attrs ?? {};
  return { ...node, attrs };
}

/**
 * A stretch of the source that does not stand as its blocks print: each block of it whose
 * own text can be found is its node (with that text kept), the rest stays raw markdown.
 */
function stretchToEditor(
  stretch: string,
  blocks: readonly DocumentBlock[],
  candidates: readonly (Candidate | undefined)[],
): JSONContent[] {
  const whole = blocks.length === 1 && blocks[0] ? nodeOfText(stretch, blocks[0], candidates[0]) : undefined;
  if (whole) return [whole];
  const head: JSONContent[] = [];
  const tail: JSONContent[] = [];
  let rest = stretch;
  let parses = 0;
  let first = 0;
  let last = blocks.length - 1;
  // From the start: the shortest text up to a blank line that is the next block.
  for (; first <= last && rest !== '' && parses < MAX_SPLIT_PARSES; first += 1) {
    let found: { node: JSONContent; length: number } | undefined;
    for (let at = rest.indexOf('\n\n'); parses < MAX_SPLIT_PARSES; at = rest.indexOf('\n\n', at + 2)) {
      const end = at === -1 ? rest.length : at;
      parses += 1;
      const node = nodeOfText(rest.slice(0, end), blocks[first] as DocumentBlock, candidates[first]);
      if (node) {
        found = { node, length: end };
        break;
      }
      if (at === -1) break;
    }
    if (!found) break;
    head.push(found.node);
    rest = rest.slice(found.length).replace(/^\n\n/, '');
  }
  // From the end: the shortest text after a blank line that is the last block left.
  for (; last > first && rest !== '' && parses < MAX_SPLIT_PARSES; last -= 1) {
    let found: { node: JSONContent; start: number } | undefined;
    for (
      let at = rest.lastIndexOf('\n\n');
      at !== -1 && parses < MAX_SPLIT_PARSES;
      at = rest.lastIndexOf('\n\n', at - 1)
    ) {
      parses += 1;
      const node = nodeOfText(rest.slice(at + 2), blocks[last] as DocumentBlock, candidates[last]);
      if (node) {
        found = { node, start: at };
        break;
      }
      if (at === 0) break;
    }
    if (!found) break;
    tail.unshift(found.node);
    rest = rest.slice(0, found.start);
  }
  return [...head, ...(rest === '' ? [] : [rawBlock(rest)]), ...tail];
}

export function markdownToEditor(markdown: string, schema: Schema): JSONContent {
  const source = markdown.replace(/\n+$/, '');
  if (source.trim() === '') return { type: 'doc', content: [{ type: 'paragraph' }] };
  let blocks: DocumentBlock[];
  try {
    blocks = markdownToDocument(markdown).nodes;
    for (const [userId, name] of userMentionNamesOf(markdown))
      if (!userNames.has(userId)) noteUserName(userId, name);
  } catch {
    return { type: 'doc', content: [rawBlock(source)] };
  }
  const candidates = blocks.map((block) => candidateOf(block, schema));
  // Where each block stands in the source: its editor nodes' text, or (a block the editor
  // cannot show) its printed text, which is kept raw where it stands as printed.
  const anchors = blocks.map((block, at) => {
    if (candidates[at]) return candidates[at]?.markdown;
    try {
      return printBlocks([block]);
    } catch {
      return undefined;
    }
  });
  const content: JSONContent[] = [];
  let cursor = 0;
  let index = 0;
  while (cursor < source.length) {
    const anchor = anchors[index];
    if (anchor !== undefined && standsAt(source, anchor, cursor)) {
      content.push(...(candidates[index]?.nodes ?? [rawBlock(anchor)]));
      cursor += anchor.length + 2;
      index += 1;
      continue;
    }
    // The source up to the next block that stands as printed is a stretch of its own.
    const first = index;
    let next = -1;
    for (let j = index; j < anchors.length && next === -1; j += 1) {
      const text = anchors[j];
      if (text === undefined) continue;
      let at = source.indexOf('\n\n' + text, cursor);
      while (at !== -1 && !standsAt(source, text, at + 2)) at = source.indexOf('\n\n' + text, at + 1);
      if (at !== -1) {
        next = at;
        index = j;
      }
    }
    const end = next === -1 ? source.length : next;
    if (next === -1) index = candidates.length;
    content.push(
      ...stretchToEditor(
        source.slice(cursor, end),
        blocks.slice(first, index),
        candidates.slice(first, index),
      ),
    );
    cursor = end + 2;
  }
  return { type: 'doc', content: content.length === 0 ? [{ type: 'paragraph' }] : content };
}

/** The text a top-level node keeps from the source, while it is unchanged; else undefined. */
function keptText(node: JSONContent): string | undefined {
  if (node.type === 'rawMarkdown') return String(node.attrs?.markdown ?? '');
  if (node.type === 'fileByUrl') return markdownOfFileByUrl(node.attrs);
  const source = node.attrs?.source as KeptSource | null | undefined;
  if (source == null) return undefined;
  if (node.type === 'gitbookBlock')
    return sameJson(source.value, node.attrs?.block) ? source.markdown : undefined;
  return sameJson(source.value, withoutSource(node)) ? source.markdown : undefined;
}

/** The markdown of the editor's document: editable runs printed by the server's printer, raw blocks as they are. */
export function editorToMarkdown(doc: JSONContent): string {
  const parts: string[] = [];
  let run: JSONContent[] = [];
  const flush = () => {
    const printed = run.length > 0 ? printBlocks(blocksToDocument(run)) : '';
    if (printed !== '') parts.push(printed);
    run = [];
  };
  for (const node of doc.content ?? []) {
    const text = keptText(node);
    if (text !== undefined) {
      flush();
      if (text !== '') parts.push(text);
    } else run.push(node);
  }
  flush();
  return parts.length === 0 ? '' : parts.join('\n\n') + '\n';
}
