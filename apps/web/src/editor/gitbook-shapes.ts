/**
 * GitBook's document nodes (`JSONDocument` of `@gitbook/api` 0.202.0) as the editor's
 * conversions see them: every block, inline and mark by its type name, `data`, `nodes` and
 * `fragments`, without narrowing to the types `@quire/documents` declares. The conversions
 * handle the types they edit and keep every other one whole, so a type the documents package
 * learns later passes through the editor untouched.
 */

export interface GitBookMark {
  object: 'mark';
  type: string;
  data?: Record<string, unknown>;
}

export interface GitBookLeaf {
  object: 'leaf';
  text: string;
  marks: GitBookMark[];
}

export interface GitBookText {
  object: 'text';
  key?: string;
  leaves: GitBookLeaf[];
}

export interface GitBookInline {
  object: 'inline';
  type: string;
  key?: string;
  isVoid?: boolean;
  data?: Record<string, unknown>;
  nodes?: Array<GitBookText | GitBookInline>;
  fragments?: GitBookFragment[];
}

export interface GitBookFragment {
  object: 'fragment';
  key?: string;
  fragment?: string;
  type?: string;
  nodes: GitBookBlock[];
}

export interface GitBookBlock {
  object: 'block';
  type: string;
  key?: string;
  isVoid?: boolean;
  data?: Record<string, unknown>;
  nodes?: Array<GitBookBlock | GitBookInline | GitBookText>;
  fragments?: GitBookFragment[];
  meta?: Record<string, unknown>;
}

export type GitBookInlineContent = GitBookText | GitBookInline;

/** A plain JSON copy: attributes of the editor's nodes hold data, never shared objects. */
export const copyOf = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Whether two JSON values are equal (same keys and values; key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  const ak = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const bk = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ak.length === bk.length &&
    ak.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}
