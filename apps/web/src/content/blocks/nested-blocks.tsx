/**
 * The blocks inside a block (a tab's, a step's, a column's...). Container blocks render their
 * children through this, and the document view provides the list renderer (`block-list.tsx`),
 * so the block families and the list of them do not import each other.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { DocNode } from './document-shape';

export type BlockListComponent = (props: {
  blocks: readonly DocNode[] | undefined;
  tight?: boolean;
}) => ReactNode;

export const BlockListContext = createContext<BlockListComponent | null>(null);

export function Blocks(props: { blocks: readonly DocNode[] | undefined; tight?: boolean }) {
  const List = useContext(BlockListContext);
  return List ? <List {...props} /> : null;
}
