/**
 * Every link of a markdown body, in document order, with how it is written: an inline link
 * `[text](url)`, a reference link `[text][name]` (its URL read from its definition), an
 * image (inline or by reference), an autolink (`<https://...>` or a bare URL), or the URL of
 * one of GitBook's blocks (`block-urls.ts`: a content-ref, an embed, a file, a drawing, an
 * OpenAPI block's spec), wherever it stands (in tabs, steps, columns, hints...). The link a
 * content-ref holds to show its target is the content-ref itself, listed once. Walks the
 * parsed tree, as `rewriteLinks` does, so text that only looks like a link is never one.
 */
import type { Definition, Nodes, Root } from 'mdast';
import { type BlockUrlKind, blockUrlOf } from './block-urls';
import { parseMarkdown } from './markdown-processor';

export type MarkdownLinkKind = 'link' | 'reference' | 'image' | 'autolink' | BlockUrlKind;

export interface MarkdownLink {
  kind: MarkdownLinkKind;
  url: string;
}

export function linksOf(markdown: string): MarkdownLink[] {
  return linksOfTree(parseMarkdown(markdown));
}

/** The links of a parsed tree (`linksOf` without the parse). */
export function linksOfTree(tree: Root): MarkdownLink[] {
  const definitions = definitionsOf(tree);
  const links: MarkdownLink[] = [];
  // An explicit stack, children pushed in reverse: document order, and a deep tree cannot
  // exhaust the call stack.
  const stack: Array<Nodes | Root> = [tree];
  // The links a content-ref shows its target by: the content-ref is listed instead.
  const shownByContentRef = new Set<Nodes>();
  while (stack.length > 0) {
    const node = stack.pop() as Nodes | Root;
    if (node.type === 'gitbookBlock') {
      const block = blockUrlOf(node);
      if (block) links.push({ kind: block.kind, url: block.url });
      if (block?.kind === 'content-ref')
        for (const child of node.children)
          if (child.type === 'paragraph')
            for (const inline of child.children)
              if (inline.type === 'link' && inline.url === block.url) shownByContentRef.add(inline);
    } else if (node.type === 'link' && shownByContentRef.has(node)) {
      // listed with its content-ref
    } else if (node.type === 'link')
      links.push({ kind: isAutolink(node) ? 'autolink' : 'link', url: node.url });
    else if (node.type === 'image') links.push({ kind: 'image', url: node.url });
    else if (node.type === 'linkReference' || node.type === 'imageReference') {
      const definition = definitions.get(node.identifier.toLowerCase());
      if (definition)
        links.push({ kind: node.type === 'imageReference' ? 'image' : 'reference', url: definition.url });
    }
    if ('children' in node) {
      const children = node.children as Nodes[];
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Nodes);
    }
  }
  return links;
}

/** The definitions of a tree by identifier (the first one wins, as in CommonMark). */
function definitionsOf(tree: Root): Map<string, Definition> {
  const definitions = new Map<string, Definition>();
  const stack: Array<Nodes | Root> = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes | Root;
    if (node.type === 'definition') {
      const key = node.identifier.toLowerCase();
      if (!definitions.has(key)) definitions.set(key, node);
    }
    if ('children' in node) {
      const children = node.children as Nodes[];
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Nodes);
    }
  }
  return definitions;
}

/** A link whose text is its own URL (`mailto:` left out for an email): how autolinks parse. */
export function isAutolink(node: Extract<Nodes, { type: 'link' }>): boolean {
  const [only, ...rest] = node.children;
  if (rest.length > 0 || only?.type !== 'text') return false;
  return (
    only.value === node.url || `mailto:${only.value}` === node.url || `http://${only.value}` === node.url
  );
}
