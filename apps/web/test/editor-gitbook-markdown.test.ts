/**
 * GitBook's markdown (Git Sync's dialect) through the editor: each construct, in the
 * server's canonical form, opens as the editor's own nodes (or a block kept whole), never as
 * raw markdown, and an unedited save gives the same bytes. Constructs whose text the server's
 * own reader and printer do not give back (a figure, a file by URL, today) are kept as raw
 * markdown by the editor, verbatim: checked too, so that a change of either shows here.
 */
import { describe, expect, it } from 'vitest';
import { normalizeMarkdown } from '../../../packages/documents/src/index';
import { editorToMarkdown, markdownToEditor } from '../src/editor/editor-content';
import { editorSchema } from '../src/editor/extensions';

const GITBOOK_MARKDOWN: Record<string, [string, string]> = {
  tabs: [
    'tabs',
    '{% tabs %}\n{% tab title="A" %}\nalpha **b**\n{% endtab %}\n\n{% tab title="B" %}\nbeta\n\n```js\nx\n```\n{% endtab %}\n{% endtabs %}',
  ],
  stepper: [
    'stepper',
    '{% stepper %}\n{% step %}\n### One\n\nfirst\n{% endstep %}\n\n{% step %}\nsecond\n{% endstep %}\n{% endstepper %}',
  ],
  expandable: ['expandable', '<details>\n\n<summary>Summary <em>here</em></summary>\n\nBody\n\n</details>'],
  math: ['gitbookBlock', '$$\nx^2\n$$'],
  'code with title and line numbers': [
    'codeBlock',
    '{% code title="a.js" lineNumbers="true" %}\n```js\nx()\n```\n{% endcode %}',
  ],
  embed: ['gitbookBlock', '{% embed url="https://youtu.be/x" %}'],
  'content-ref': [
    'gitbookBlock',
    '{% content-ref url="other.md" %}\n[other.md](other.md)\n{% endcontent-ref %}',
  ],
  columns: [
    'columns',
    '{% columns %}\n{% column %}\nleft\n{% endcolumn %}\n\n{% column %}\nright\n{% endcolumn %}\n{% endcolumns %}',
  ],
  updates: [
    'updates',
    '{% updates format="full" %}\n{% update date="2024-01-02" %}\nshipped\n{% endupdate %}\n{% endupdates %}',
  ],
  if: ['conditional', '{% if visitor.claims.beta %}\nbeta only\n{% endif %}'],
  'hint with icon': ['hint', '{% hint style="info" icon="bolt" %}\nhi\n{% endhint %}'],
  'inline color, formula, button, variable': [
    'paragraph',
    'Text with <mark style="color:red;">red</mark> and $$x$$ and <a href="https://x.io" class="button primary">Go</a> and {{ space.vars.v }}.',
  ],
  // Nested as GitBook's model allows: a stepper in a column, tabs in an update.
  'stepper in a column': [
    'columns',
    '{% columns %}\n{% column %}\n{% stepper %}\n{% step %}\ndeep\n{% endstep %}\n{% endstepper %}\n{% endcolumn %}\n{% endcolumns %}',
  ],
  'tabs in an update': [
    'updates',
    '{% updates format="full" %}\n{% update date="2024-01-02" %}\n{% tabs %}\n{% tab title="X" %}\ndeep\n{% endtab %}\n{% endtabs %}\n{% endupdate %}\n{% endupdates %}',
  ],
};

const KEPT_RAW: Record<string, string> = {
  figure: '<figure><img src="https://x.io/a.png" alt="A"><figcaption><p>Cap</p></figcaption></figure>',
  'file by URL': '{% file src="https://x.io/f.pdf" %}\ncaption\n{% endfile %}',
};

describe('GitBook markdown in the editor', () => {
  for (const [name, [node, markdown]] of Object.entries(GITBOOK_MARKDOWN)) {
    it(`${name}: opens as ${node}, and saves byte for byte`, () => {
      const stored = normalizeMarkdown(markdown + '\n');
      const doc = markdownToEditor(stored, editorSchema);
      expect((doc.content ?? []).map((child) => child.type)).toEqual([node]);
      expect(editorToMarkdown(doc)).toBe(stored);
    });
  }

  for (const [name, markdown] of Object.entries(KEPT_RAW)) {
    it(`${name}: kept as raw markdown, verbatim`, () => {
      const stored = normalizeMarkdown(markdown + '\n');
      const doc = markdownToEditor(stored, editorSchema);
      expect(editorToMarkdown(doc)).toBe(stored);
      expect((doc.content ?? []).map((child) => child.type)).toEqual(['rawMarkdown']);
    });
  }

  it('all of them in one page', () => {
    const stored = normalizeMarkdown(
      [...Object.values(GITBOOK_MARKDOWN).map(([, markdown]) => markdown), ...Object.values(KEPT_RAW)].join(
        '\n\n',
      ) + '\n',
    );
    expect(editorToMarkdown(markdownToEditor(stored, editorSchema))).toBe(stored);
  });
});
