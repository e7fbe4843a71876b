/**
 * Every link of a markdown body, in document order, with how it is written: an inline link
 * `[text](url)`, a reference link `[text][name]` (its URL read from its definition), an
 * image (inline or by reference), an autolink (`<https://...>` or a bare URL), or the URL of
 * one of GitBook's blocks (`block-urls.ts`: a content-ref, an embed, a file, a drawing, an
 * OpenAPI block's spec), a figure's image (and its dark variant), a drawing, an inline image
 * written in HTML (sized, or with a dark variant), a button's target, a
 * card's target and cover, an include's reusable content (its path); wherever it stands (in tabs, steps, columns, hints, expandables,
 * their summaries, captions, cards' cells...). The link a content-ref holds to show its
 * target is the content-ref itself, listed once. Walks the
 * parsed tree, as `rewriteLinks` does, so text that only looks like a link is never one.
 */
import type { Definition, Nodes, Root } from 'mdast';
import { type BlockUrlKind, blockUrlOf } from './block-urls';
import { cardsColumnRole } from './gitbook-cards-columns';
import { parseMarkdown } from './markdown-processor';

export type MarkdownLinkKind =
  | 'link'
  | 'reference'
  | 'image'
  | 'autolink'
  | BlockUrlKind
  | 'button'
  | 'card'
  | 'card-cover'
  | 'include';

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
  // exhaust the call stack. A node may come with the kind its links take (a card's target).
  const stack: Array<{ node: Nodes | Root; as?: MarkdownLinkKind }> = [{ node: tree }];
  const push = (nodes: readonly Nodes[], as?: MarkdownLinkKind) => {
    for (let i = nodes.length - 1; i >= 0; i--) stack.push({ node: nodes[i] as Nodes, as });
  };
  // The links a content-ref shows its target by: the content-ref is listed instead.
  const shownByContentRef = new Set<Nodes>();
  while (stack.length > 0) {
    const { node, as } = stack.pop() as { node: Nodes | Root; as?: MarkdownLinkKind };
    switch (node.type) {
      case 'gitbookBlock': {
        if (node.name === 'include' && node.argument) links.push({ kind: 'include', url: node.argument });
        const block = blockUrlOf(node);
        if (block) links.push({ kind: block.kind, url: block.url });
        if (block?.kind === 'content-ref')
          for (const child of node.children)
            if (child.type === 'paragraph')
              for (const inline of child.children)
                if (inline.type === 'link' && inline.url === block.url) shownByContentRef.add(inline);
        break;
      }
      case 'link':
        if (!shownByContentRef.has(node))
          links.push({ kind: as ?? (isAutolink(node) ? 'autolink' : 'link'), url: node.url });
        break;
      case 'image':
        links.push({ kind: as ?? 'image', url: node.url });
        break;
      case 'linkReference':
      case 'imageReference': {
        const definition = definitions.get(node.identifier.toLowerCase());
        if (definition)
          links.push({
            kind: as ?? (node.type === 'imageReference' ? 'image' : 'reference'),
            url: definition.url,
          });
        break;
      }
      case 'gitbookFigure':
        links.push({ kind: 'image', url: node.url });
        if (node.darkUrl) links.push({ kind: 'image', url: node.darkUrl });
        push(node.caption);
        continue;
      case 'gitbookDetails':
        push(node.children);
        push(node.summary);
        continue;
      case 'gitbookButton':
        links.push({ kind: 'button', url: node.url });
        break;
      case 'gitbookSizedButton':
        // An action button (ask, search) has no target.
        if (node.url !== undefined) links.push({ kind: 'button', url: node.url });
        break;
      case 'gitbookDrawing':
        links.push({ kind: 'drawing', url: node.url });
        break;
      case 'gitbookPicture':
      case 'gitbookInlineImage':
        links.push({ kind: as ?? 'image', url: node.url });
        if (node.darkUrl !== undefined) links.push({ kind: as ?? 'image', url: node.darkUrl });
        break;
      case 'gitbookTable':
        // Its rows (children) after its header cells.
        push(node.children);
        for (let index = node.columns.length - 1; index >= 0; index--) push(node.columns[index]!.title);
        continue;
      case 'gitbookCards': {
        const roles = node.columns.map((column) => cardsColumnRole(column.attributes));
        for (let row = node.rows.length - 1; row >= 0; row--) {
          const cells = node.rows[row] ?? [];
          for (let index = cells.length - 1; index >= 0; index--) {
            const role = roles[index];
            push(
              cells[index] ?? [],
              role === 'target' ? 'card' : role === 'cover' ? 'card-cover' : undefined,
            );
          }
        }
        continue;
      }
    }
    if ('children' in node) push(node.children as Nodes[], as);
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
