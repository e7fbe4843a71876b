/**
 * The shape of GitBook's document (`JSONDocument` of `@gitbook/api` 0.202.0) as the read view
 * takes it: every node has `object`, blocks and inlines a `type`, and the rest is read field
 * by field where it is rendered. Loose on purpose: a document may come from an older or newer
 * writer (the server's converter, GitBook's API, the published-content API of the reader), so
 * a block of an unknown type, or a field of an unexpected type, renders as a marked
 * placeholder, never as a crash. The fields read are GitBook's names (the contract between
 * Quire's parts); `@quire/documents`' `document-types.ts` is the strict form of the same.
 */

export interface DocLeaf {
  object: 'leaf';
  text: string;
  marks?: readonly DocMark[];
}

export interface DocMark {
  object?: 'mark';
  type: string;
  data?: Record<string, unknown>;
}

export interface DocText {
  object: 'text';
  key?: string;
  leaves: readonly DocLeaf[];
}

export interface DocFragment {
  object: 'fragment';
  key?: string;
  fragment?: string;
  type?: string;
  nodes: readonly DocBlock[];
}

export interface DocBlock {
  object: 'block';
  type: string;
  key?: string;
  isVoid?: boolean;
  data?: Record<string, unknown>;
  nodes?: readonly DocNode[];
  fragments?: readonly DocFragment[];
  meta?: Record<string, unknown>;
}

export interface DocInline {
  object: 'inline';
  type: string;
  key?: string;
  isVoid?: boolean;
  data?: Record<string, unknown>;
  nodes?: readonly DocNode[];
  fragments?: readonly DocFragment[];
}

export type DocNode = DocBlock | DocInline | DocText;

export interface DocDocument {
  object: 'document';
  data?: Record<string, unknown>;
  nodes: readonly DocBlock[];
}

/** GitBook's content references (`ContentRef`): what links, mentions and cards point at. */
export type DocRef =
  | { kind: 'url'; url: string }
  | { kind: 'file'; file: string; space?: string }
  | { kind: 'page'; page: string; space?: string }
  | { kind: 'anchor'; anchor: string; page?: string; space?: string }
  | { kind: 'user'; user: string }
  | { kind: 'collection'; collection: string }
  | { kind: 'space'; space: string }
  | { kind: 'reusable-content'; reusableContent: string; space?: string }
  | { kind: 'tag'; tag: string; space?: string }
  | { kind: 'openapi'; spec: string };

const REF_FIELD: Readonly<Record<DocRef['kind'], string>> = {
  url: 'url',
  file: 'file',
  page: 'page',
  anchor: 'anchor',
  user: 'user',
  collection: 'collection',
  space: 'space',
  'reusable-content': 'reusableContent',
  tag: 'tag',
  openapi: 'spec',
};

/** A value read as a content reference, or undefined when it is not one. */
export function refOf(value: unknown): DocRef | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const kind = (value as { kind?: unknown }).kind;
  if (typeof kind !== 'string' || !Object.hasOwn(REF_FIELD, kind)) return undefined;
  const field = REF_FIELD[kind as DocRef['kind']];
  return typeof (value as Record<string, unknown>)[field] === 'string' ? (value as DocRef) : undefined;
}

/** A string field of a node's data, or undefined. */
export function stringOf(data: Record<string, unknown> | undefined, field: string): string | undefined {
  const value = data?.[field];
  return typeof value === 'string' ? value : undefined;
}

export function booleanOf(data: Record<string, unknown> | undefined, field: string): boolean {
  return data?.[field] === true;
}

/** The blocks of a node (its `nodes` that are blocks). */
export function childBlocks(node: { nodes?: readonly DocNode[] }): DocBlock[] {
  return (node.nodes ?? []).filter((child): child is DocBlock => child.object === 'block');
}

/** The fragment of that name (`caption`, `expandable-title`, a table cell's id...). */
export function fragmentNamed(
  node: { fragments?: readonly DocFragment[] },
  name: string,
): DocFragment | undefined {
  return node.fragments?.find((fragment) => fragment.fragment === name || fragment.type === name);
}
