/**
 * What every block and inline of a page needs besides its own data: how references become
 * addresses, whether an `if` holds for the visitor, the highlighted code, the budget of the
 * page's formulas, the headings' anchors.
 * Passed down as an argument (no React context: the tree is rendered once, on the server).
 */
import type { DocumentBlock } from '@quire/documents/document-types';
import type { ReactNode } from 'react';
import type { HighlightedCode } from '../highlight-code';
import type { MathBudget } from '../math-budget';
import type { ReaderLinks } from '../reader-model';

export interface DocumentContext {
  links: ReaderLinks;
  condition(expression: string): boolean;
  code: HighlightedCode;
  /** What is left of the page's budget for typesetting formulas (`math-budget.ts`). */
  math?: MathBudget;
  /** The anchor of each heading block, by identity (computed once per page: `outline.ts`). */
  anchors: ReadonlyMap<object, string>;
  /** Links to other sites open in a new tab (customization's `externalLinks.target`). */
  externalInNewTab: boolean;
  /** Renders nested blocks (given by `blocks.tsx`: blocks hold tables that hold blocks). */
  blocks(nodes: readonly DocumentBlock[] | undefined, context: DocumentContext): ReactNode;
  /** Nesting depth: blocks deeper than `MAX_DEPTH` are not rendered (a bounded tree). */
  depth: number;
  /** The names the page's own text gives the users it mentions, by user id (`ReaderPage.mentionNames`). */
  mentionNames?: ReadonlyMap<string, string>;
}

export const MAX_DEPTH = 48;

export const deeper = (context: DocumentContext): DocumentContext => ({
  ...context,
  depth: context.depth + 1,
});
