// @vitest-environment node
/**
 * One shared state (issue 33): an editor seeds a shared page from its markdown and hashes the
 * content with `@quire/documents/shared-state`, the function the server hashes with. Seeded
 * from a known markdown, the content writes out as the text `packages/documents/test/
 * shared-state.test.ts` pins, with the same hash; a change of a node's `data` alone (which
 * Yjs's `toString()` writes as `[object Object]`) changes the hash; two editors seeding at once
 * under the server's seed make one copy, with the same hash.
 */
import { contentHashOf, contentText, stateOf } from '@quire/documents/shared-state';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { seedIfEmpty } from '../src/editor/collaboration/seed-content';
import { editorSchema } from '../src/editor/extensions';

const MARKDOWN = '## Shared\n\nTyped **together**.\n';

function seededBy(seed: number, markdown: string): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    stateOf(doc).set('seed', seed);
    stateOf(doc).set('baseMarkdown', markdown);
  });
  seedIfEmpty(doc, editorSchema);
  return doc;
}

describe("the shared page's content hash", () => {
  it('is the pinned hash of the pinned content, for a page seeded from known markdown', () => {
    const doc = seededBy(4242, MARKDOWN);
    expect(contentText(doc.getXmlFragment('default'))).toBe(
      '<heading data={} level=2>[{"insert":"Shared"}]</heading>' +
        '<paragraph data={}>[{"insert":"Typed "},{"attributes":{"bold":{}},"insert":"together"},{"insert":"."}]</paragraph>',
    );
    expect(contentHashOf(doc)).toBe('cc75aedf35433ff0');
  });

  it("changes when only a node's data changes", () => {
    const doc = seededBy(4242, MARKDOWN);
    const before = contentHashOf(doc);
    const heading = doc.getXmlFragment('default').get(0) as Y.XmlElement;
    heading.setAttribute('data', { id: 'shared-anchor' } as never);
    expect(contentHashOf(doc)).not.toBe(before);
  });

  it('is the same on two editors that seeded at once, and on the document that merged both', () => {
    const [one, other] = [seededBy(4242, MARKDOWN), seededBy(4242, MARKDOWN)];
    Y.applyUpdate(one, Y.encodeStateAsUpdate(other));
    expect(one.getXmlFragment('default').length).toBe(2);
    expect(contentHashOf(one)).toBe(contentHashOf(other));
    expect(contentHashOf(one)).toBe(contentHashOf(seededBy(4242, MARKDOWN)));
  });
});
