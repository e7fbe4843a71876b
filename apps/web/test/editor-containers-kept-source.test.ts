/**
 * Blocks inside containers written otherwise than the printer writes them (a `<figure>` in a
 * tab, a step, an expandable, a column, an update, a condition: every container
 * GitBook's model lets an image stand in): the container opens as
 * the editor's own nodes, the figure as its block (edited through its fields), and an
 * unedited save gives the same bytes; once edited, the container is written in the printer's
 * form, which reads back as the edit.
 */
import { describe, expect, it } from 'vitest';
import { markdownToDocument, normalizeMarkdown } from '../../../packages/documents/src/index';
import { editorToMarkdown, markdownToEditor } from '../src/editor/editor-content';
import { editorSchema } from '../src/editor/extensions';

const FIGURE = '<figure><img src="https://x.io/a.png" alt="A"><figcaption><p>Cap</p></figcaption></figure>';

const IN_CONTAINERS: Record<string, [string, string]> = {
  tab: ['tabs', `{% tabs %}\n{% tab title="A" %}\nbefore\n\n${FIGURE}\n{% endtab %}\n{% endtabs %}`],
  step: ['stepper', `{% stepper %}\n{% step %}\n${FIGURE}\n\nafter\n{% endstep %}\n{% endstepper %}`],
  expandable: ['expandable', `<details>\n\n<summary>More</summary>\n\n${FIGURE}\n\n</details>`],
  column: [
    'columns',
    `{% columns %}\n{% column %}\n${FIGURE}\n{% endcolumn %}\n\n{% column %}\nright\n{% endcolumn %}\n{% endcolumns %}`,
  ],
  update: [
    'updates',
    `{% updates format="full" %}\n{% update date="2024-01-02" %}\n${FIGURE}\n{% endupdate %}\n{% endupdates %}`,
  ],
  condition: ['conditional', `{% if visitor.claims.beta %}\n${FIGURE}\n{% endif %}`],
  'tab in a step': [
    'stepper',
    `{% stepper %}\n{% step %}\n{% tabs %}\n{% tab title="X" %}\n${FIGURE}\n{% endtab %}\n{% endtabs %}\n{% endstep %}\n{% endstepper %}`,
  ],
};

/** Every node of an editor document, depth first. */
function* nodesOf(node: {
  type?: string;
  content?: unknown[];
}): Generator<{ type?: string; attrs?: Record<string, unknown> }> {
  yield node as never;
  for (const child of (node.content ?? []) as never[]) yield* nodesOf(child);
}

describe('figures inside containers', () => {
  for (const [name, [container, markdown]] of Object.entries(IN_CONTAINERS)) {
    it(`in a ${name}: opens as ${container} holding the figure's block, and saves byte for byte`, () => {
      const stored = normalizeMarkdown(`# Title\n\n${markdown}\n\nEnd.\n`);
      const doc = markdownToEditor(stored, editorSchema);
      expect((doc.content ?? []).map((child) => child.type)).toEqual(['heading', container, 'paragraph']);
      const figures = [...nodesOf(doc)].filter(
        (node) => node.type === 'gitbookBlock' && (node.attrs?.block as { type?: string })?.type === 'images',
      );
      expect(figures).toHaveLength(1);
      expect(editorToMarkdown(doc)).toBe(stored);
    });
  }

  it('an edit inside the container writes it in the printer’s form, which reads back as the edit', () => {
    const stored = normalizeMarkdown(`${IN_CONTAINERS.tab?.[1]}\n`);
    const doc = markdownToEditor(stored, editorSchema);
    const tabs = doc.content?.[0];
    const paragraph = tabs?.content?.[0]?.content?.[0];
    expect(paragraph?.content).toEqual([{ type: 'text', text: 'before' }]);
    if (paragraph) paragraph.content = [{ type: 'text', text: 'changed' }];
    const saved = editorToMarkdown(doc);
    expect(saved).not.toBe(stored);
    expect(saved).toContain('changed');
    const before = markdownToDocument(stored).nodes;
    const after = markdownToDocument(saved).nodes;
    expect(JSON.stringify(after).replace('changed', 'before')).toBe(JSON.stringify(before));
    // The rewritten page opens as the same nodes again.
    expect((markdownToEditor(saved, editorSchema).content ?? []).map((node) => node.type)).toEqual(['tabs']);
  });
});
