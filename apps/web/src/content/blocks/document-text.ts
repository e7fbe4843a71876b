/**
 * The plain text of document nodes: what a heading's anchor, a tab's slug and a card's
 * accessible name are made of. Inlines count by what a reader sees (an emoji its character,
 * an expression its source, a math formula its source, a mention nothing).
 */
import type { DocFragment, DocNode } from './document-shape';
import { emojiOf } from './emoji';

export function textOfNodes(nodes: readonly DocNode[] | undefined): string {
  let text = '';
  for (const node of nodes ?? []) text += textOfNode(node);
  return text;
}

export function textOfNode(node: DocNode): string {
  if (node.object === 'text') return node.leaves.map((leaf) => leaf.text).join('');
  if (node.object === 'inline') {
    const data = node.data ?? {};
    switch (node.type) {
      case 'emoji':
        return typeof data.code === 'string' ? emojiOf(data.code) : '';
      case 'inline-math':
        return typeof data.formula === 'string' ? data.formula : '';
      case 'expression':
        return typeof data.expression === 'string' ? data.expression : '';
      case 'button':
        return typeof data.label === 'string' ? data.label : '';
      case 'inline-image':
        return typeof data.alt === 'string' ? data.alt : '';
      default:
        return textOfNodes(node.nodes);
    }
  }
  return textOfNodes(node.nodes);
}

export function textOfFragment(fragment: DocFragment | undefined): string {
  return fragment ? fragment.nodes.map(textOfNode).join(' ') : '';
}
