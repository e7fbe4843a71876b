import type { DocumentFragment } from '@quire/documents/document-types';

/** A block's fragment of that name (an image's caption, an expandable's title, a table's cell). */
export const fragmentNamed = (fragments: readonly DocumentFragment[] | undefined, name: string) =>
  (fragments ?? []).find((fragment) => fragment.fragment === name);
