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

/** Written otherwise than the printer writes them: opened as blocks keeping their own text. */
const KEPT_TEXT: Record<string, [string, string]> = {
  figure: [
    'gitbookBlock',
    '<figure><img src="https://x.io/a.png" alt="A"><figcaption><p>Cap</p></figcaption></figure>',
  ],
  'figure with a dark variant': [
    'gitbookBlock',
    '<figure><picture><source srcset="https://x.io/dark.png" media="(prefers-color-scheme: dark)"><img src="https://x.io/a.png" alt="A"></picture><figcaption><p>Cap</p></figcaption></figure>',
  ],
  'file by URL': ['fileByUrl', '{% file src="https://x.io/f.pdf" %}\ncaption\n{% endfile %}'],
  'file by URL without caption': ['fileByUrl', '{% file src="https://x.io/f.pdf" %}\n{% endfile %}'],
};

/** Near misses: kept as raw markdown, verbatim (a file by a path, or with markup in its caption). */
const KEPT_RAW: Record<string, string> = {
  'file by a relative path': '{% file src="../assets/f.pdf" %}\ncaption\n{% endfile %}',
  'file by URL with markup in its caption': '{% file src="https://x.io/f.pdf" %}\n*caption*\n{% endfile %}',
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

  for (const [name, [node, markdown]] of Object.entries(KEPT_TEXT)) {
    it(`${name}: opens as ${node} keeping its text, and saves byte for byte`, () => {
      const stored = normalizeMarkdown(markdown + '\n');
      const doc = markdownToEditor(stored, editorSchema);
      expect((doc.content ?? []).map((child) => child.type)).toEqual([node]);
      expect(editorToMarkdown(doc)).toBe(stored);
      // Between other blocks, raw ones too.
      const around = normalizeMarkdown(
        '# Title\n\n<aside>x</aside>\n\n' + markdown + '\n\n<aside>y</aside>\n\nEnd.\n',
      );
      const aroundDoc = markdownToEditor(around, editorSchema);
      expect((aroundDoc.content ?? []).map((child) => child.type)).toEqual([
        'heading',
        'rawMarkdown',
        node,
        'rawMarkdown',
        'paragraph',
      ]);
      expect(editorToMarkdown(aroundDoc)).toBe(around);
    });
  }

  it("an edited figure is written in the printer's form, which reads back as the edit", () => {
    const stored = normalizeMarkdown(`${KEPT_TEXT.figure?.[1]}\n`);
    const doc = markdownToEditor(stored, editorSchema);
    const figure = doc.content?.[0];
    const block = figure?.attrs?.block as { nodes: { data: { alt: string } }[] };
    const edited = JSON.parse(JSON.stringify(block)) as typeof block;
    if (edited.nodes[0]) edited.nodes[0].data.alt = 'Changed';
    const saved = editorToMarkdown({
      type: 'doc',
      content: [{ ...figure, attrs: { ...figure?.attrs, block: edited } }],
    });
    expect(saved).not.toBe(stored);
    const reread = markdownToEditor(saved, editorSchema).content ?? [];
    expect(reread.map((node) => node.type)).toEqual(['gitbookBlock']);
    expect(JSON.stringify(reread[0]?.attrs?.block)).toContain('"alt":"Changed"');
    expect(JSON.stringify(reread[0]?.attrs?.block)).toContain('Cap');
  });

  it('an edited file by URL is written as GitBook writes it and reads back as the edit', () => {
    const stored = normalizeMarkdown(`${KEPT_TEXT['file by URL']?.[1]}\n`);
    const file = markdownToEditor(stored, editorSchema).content?.[0];
    expect(file?.attrs?.data).toEqual({ src: 'https://x.io/f.pdf', caption: 'caption' });
    const edited = {
      ...file,
      attrs: { ...file?.attrs, data: { src: 'https://x.io/g.pdf', caption: 'The G' } },
    };
    const saved = editorToMarkdown({ type: 'doc', content: [edited] });
    expect(saved).toBe('{% file src="https://x.io/g.pdf" %}\n\nThe G\n\n{% endfile %}\n');
    expect(normalizeMarkdown(saved)).toBe(saved);
    expect(markdownToEditor(saved, editorSchema).content?.[0]?.attrs?.data).toEqual({
      src: 'https://x.io/g.pdf',
      caption: 'The G',
    });
    // An address or caption that would not read back is not written: the text read stays.
    const bad = { ...file, attrs: { ...file?.attrs, data: { src: 'javascript:alert(1)', caption: '<b>' } } };
    expect(editorToMarkdown({ type: 'doc', content: [bad] })).toBe(stored);
  });

  for (const [name, markdown] of Object.entries(KEPT_RAW)) {
    it(`${name}: kept as raw markdown, verbatim`, () => {
      const stored = normalizeMarkdown(markdown + '\n');
      const doc = markdownToEditor(stored, editorSchema);
      expect(editorToMarkdown(doc)).toBe(stored);
      expect((doc.content ?? []).map((child) => child.type)).toEqual(['rawMarkdown']);
    });
  }

  it('a file by URL with a quote in its address is not taken as a file block', () => {
    const stored = normalizeMarkdown('{% file src="https://x.io/f".pdf" %}\n{% endfile %}\n');
    const doc = markdownToEditor(stored, editorSchema);
    expect(editorToMarkdown(doc)).toBe(stored);
    expect((doc.content ?? []).map((child) => child.type)).not.toContain('fileByUrl');
  });

  it('all of them in one page', () => {
    const stored = normalizeMarkdown(
      [
        ...Object.values(GITBOOK_MARKDOWN).map(([, markdown]) => markdown),
        ...Object.values(KEPT_TEXT).map(([, markdown]) => markdown),
        ...Object.values(KEPT_RAW),
      ].join('\n\n') + '\n',
    );
    expect(editorToMarkdown(markdownToEditor(stored, editorSchema))).toBe(stored);
  });
});
