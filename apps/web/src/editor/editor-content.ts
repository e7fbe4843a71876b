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
import { type DocumentBlock, documentToMarkdown, type JSONDocument, markdownToDocument } from './documents';
import { blocksToDocument } from './editor-to-document';

const printBlocks = (nodes: DocumentBlock[]): string =>
  documentToMarkdown({ object: 'document', data: {}, nodes: nodes as JSONDocument['nodes'] }).replace(
    /\n+$/,
    '',
  );

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

export function markdownToEditor(markdown: string, schema: Schema): JSONContent {
  const source = markdown.replace(/\n+$/, '');
  if (source.trim() === '') return { type: 'doc', content: [{ type: 'paragraph' }] };
  let blocks: DocumentBlock[];
  try {
    blocks = markdownToDocument(markdown).nodes;
  } catch {
    return { type: 'doc', content: [rawBlock(source)] };
  }
  const candidates = blocks.map((block) => candidateOf(block, schema));
  const content: JSONContent[] = [];
  let cursor = 0;
  let index = 0;
  while (cursor < source.length) {
    const here = candidates[index];
    if (here !== undefined && standsAt(source, here.markdown, cursor)) {
      content.push(...here.nodes);
      cursor += here.markdown.length + 2;
      index += 1;
      continue;
    }
    // The source up to the next block that stands as printed is kept as written.
    let next = -1;
    for (let j = index; j < candidates.length && next === -1; j += 1) {
      const candidate = candidates[j];
      if (candidate === undefined) continue;
      let at = source.indexOf('\n\n' + candidate.markdown, cursor);
      while (at !== -1 && !standsAt(source, candidate.markdown, at + 2))
        at = source.indexOf('\n\n' + candidate.markdown, at + 1);
      if (at !== -1) {
        next = at;
        index = j;
      }
    }
    const end = next === -1 ? source.length : next;
    content.push(rawBlock(source.slice(cursor, end)));
    cursor = end + 2;
    if (next === -1) index = candidates.length;
  }
  return { type: 'doc', content: content.length === 0 ? [{ type: 'paragraph' }] : content };
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
    if (node.type === 'rawMarkdown') {
      flush();
      const text = String(node.attrs?.markdown ?? '');
      if (text !== '') parts.push(text);
    } else run.push(node);
  }
  flush();
  return parts.length === 0 ? '' : parts.join('\n\n') + '\n';
}
