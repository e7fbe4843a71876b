/**
 * The users a document mentions (GitBook's mention of a user, `ContentRefUser`): what a writer
 * looks up before printing the document, so that each mention is written with the user's
 * display name, as GitBook writes it (`documentToMarkdown`'s `userName`). The names are
 * resolved outside, all at once; printing stays pure.
 */
import type { JSONDocument } from './document-types';

/**
 * Ids of the users `document` mentions, once each, in document order. Every part of the tree
 * is visited (nodes, fragments: a table's cells, a caption, an annotation's note), without
 * recursion, so a deep tree costs no stack; the tree is one the schema bounded.
 */
export function mentionedUserIdsOf(document: JSONDocument): Set<string> {
  const users = new Set<string>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) stack.push(value[index]);
      continue;
    }
    const node = value as { object?: unknown; type?: unknown; data?: { ref?: unknown } };
    if (node.object === 'inline' && node.type === 'mention') {
      const ref = node.data?.ref as { kind?: unknown; user?: unknown } | undefined;
      if (ref?.kind === 'user' && typeof ref.user === 'string') users.add(ref.user);
      continue;
    }
    const children = Object.values(value);
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
  }
  return users;
}
