/**
 * A page's outline: its headings in document order (those at the top level and inside
 * containers a reader sees open: hints, columns, steppers), each with its anchor — the
 * heading's own id when it has one, else GitBook's slug of its text, numbered when repeated
 * (`@quire/documents/heading-anchors`, the rule search and the web app share).
 */

import { headingAnchors } from '@quire/documents';
import type { JSONDocument } from '@quire/documents/document-types';
import { textOf } from './document/inlines';

export interface OutlineEntry {
  id: string;
  title: string;
  level: 1 | 2 | 3;
}

export interface PageOutline {
  entries: OutlineEntry[];
  /** Each heading block's anchor, by identity. */
  anchors: ReadonlyMap<object, string>;
}

const LEVEL = { 'heading-1': 1, 'heading-2': 2, 'heading-3': 3 } as const;
const MAX_DEPTH = 16;

/** `condition`: whether an `if` block holds for the visitor (its hidden headings are left out). */
export function outlineOf(
  document: JSONDocument | undefined,
  condition: (expression: string) => boolean = () => false,
): PageOutline {
  const headings: Array<{ block: object; title: string; level: 1 | 2 | 3; id?: string }> = [];
  const visit = (nodes: unknown, depth: number): void => {
    if (!Array.isArray(nodes) || depth > MAX_DEPTH) return;
    for (const node of nodes) {
      const block = node as {
        object?: string;
        type?: string;
        data?: { id?: unknown; expression?: unknown };
        nodes?: unknown;
      };
      if (block?.object !== 'block') continue;
      const level = LEVEL[block.type as keyof typeof LEVEL];
      if (level !== undefined) {
        const id = typeof block.data?.id === 'string' && block.data.id !== '' ? block.data.id : undefined;
        headings.push({ block, title: textOf(block.nodes as unknown[]), level, ...(id ? { id } : {}) });
      } else if (block.type === 'if') {
        if (typeof block.data?.expression === 'string' && condition(block.data.expression))
          visit(block.nodes, depth + 1);
      } else if (
        ['hint', 'columns', 'column', 'stepper', 'stepper-step', 'updates', 'update'].includes(
          block.type ?? '',
        )
      ) {
        visit(block.nodes, depth + 1);
      }
    }
  };
  visit(document?.nodes, 0);
  const slugs = headingAnchors(headings.map((heading) => heading.title));
  const anchors = new Map<object, string>();
  const entries = headings.map((heading, index) => {
    const id = heading.id ?? slugs[index] ?? 'section';
    anchors.set(heading.block, id);
    return { id, title: heading.title, level: heading.level };
  });
  return { entries, anchors };
}
