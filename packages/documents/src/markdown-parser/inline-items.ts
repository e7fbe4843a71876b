import type { PhrasingContent } from 'mdast';
import type { Delimiter } from './delimiter-runs';

/**
 * What the inline scanner (`inline-parser.ts`) lists, in source order, before the tree is
 * built (`inline-tree.ts`): texts, finished nodes, runs of `*`/`_`/`~`, link openers and the
 * ends of links. Offsets are the source's.
 */

export interface TextItem {
  kind: 'text';
  value: string;
  start: number;
  end: number;
  /** A backslash escape: its text is not searched for literal autolinks (`escaped-autolinks.ts`). */
  escaped: boolean;
}

export interface NodeItem {
  kind: 'node';
  node: PhrasingContent;
}

export interface DelimiterItem {
  kind: 'delimiter';
  run: Delimiter;
}

/** A link or image as made at its `]`: what the opener becomes. */
export interface LinkGroup {
  type: 'link' | 'image' | 'linkReference' | 'imageReference';
  url: string;
  title: string | null;
  identifier: string;
  label: string;
  referenceType: 'full' | 'collapsed' | 'shortcut';
  start: number;
  end: number;
}

/** `[` or `![`: text unless a link was made of it. */
export interface OpenerItem {
  kind: 'opener';
  image: boolean;
  start: number;
  end: number;
  link: LinkGroup | undefined;
}

/** The `](...)` (or `]`, `][label]`) that ends a link. */
export interface LinkEndItem {
  kind: 'linkEnd';
}

export type InlineItem = TextItem | NodeItem | DelimiterItem | OpenerItem | LinkEndItem;
