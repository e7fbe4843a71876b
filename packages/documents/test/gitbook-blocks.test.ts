import type { Nodes, Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import type { GitbookBlock } from '../src/gitbook-blocks';
import { blockTagOf, openingTagText } from '../src/gitbook-tag';
import { markdownLimits } from '../src/markdown-limits';
import { normalizeMarkdown, parseMarkdown } from '../src/markdown-processor';

/** The tree without positions, blocks as `name(children)`, for short assertions. */
function outline(node: Nodes): unknown {
  if (node.type === 'gitbookBlock') return { [node.name]: node.children.map(outline) };
  if (node.type === 'hint') return { hint: node.children.map(outline) };
  if (node.type === 'paragraph')
    return node.children.map((child) => ('value' in child ? child.value : child.type)).join('');
  if ('children' in node) return { [node.type]: node.children.map(outline) };
  return node.type;
}

const treeOf = (markdown: string) => (parseMarkdown(markdown) as Root).children.map(outline);

describe('GitBook block tags', () => {
  it('reads tabs written tight, as GitBook writes them, with a closing tag after a list', () => {
    const markdown = [
      '{% tabs %}',
      '{% tab title="npm" %}',
      'Install:',
      '{% endtab %}',
      '',
      '{% tab title="yarn *fast*" %}',
      '- one',
      '- two',
      '{% endtab %}',
      '{% endtabs %}',
    ].join('\n');
    expect(treeOf(markdown)).toEqual([
      { tabs: [{ tab: ['Install:'] }, { tab: [{ list: [{ listItem: ['one'] }, { listItem: ['two'] }] }] }] },
    ]);
    const tabs = parseMarkdown(markdown).children[0] as GitbookBlock;
    expect((tabs.children[1] as GitbookBlock).attributes).toEqual({ title: 'yarn *fast*' });
  });

  it('reads tags after a list when a tag line holds a bare URL (a literal autolink, found in CI by the property test)', () => {
    const markdown = [
      '{% tabs %}',
      '{% tab %}',
      '- aa',
      '{% endtab %}',
      '{% tab title="[a" %}',
      '{% content-ref url="/files/p1" %}',
      '[/files/p1](/files/p1)',
      '{% endcontent-ref %}',
      '{% content-ref url="https://x.test/a?b=1" %}',
      '<https://x.test/a?b=1>',
      '',
      '{% endcontent-ref %}',
      '{% endtab %}',
      '{% endtabs %}',
    ].join('\n');
    expect(treeOf(markdown)).toEqual([
      {
        tabs: [
          { tab: [{ list: [{ listItem: ['aa'] }] }] },
          { tab: [{ 'content-ref': ['link'] }, { 'content-ref': ['link'] }] },
        ],
      },
    ]);
    expect(normalizeMarkdown(normalizeMarkdown(markdown))).toBe(normalizeMarkdown(markdown));
  });

  it('prints blocks between blank lines, stable on a second pass', () => {
    const markdown = '{% stepper %}\n{% step %}\n### One\nbody\n{% endstep %}\n{% endstepper %}';
    const once = normalizeMarkdown(markdown);
    expect(once).toBe(
      '{% stepper %}\n\n{% step %}\n\n### One\n\nbody\n\n{% endstep %}\n\n{% endstepper %}\n',
    );
    expect(normalizeMarkdown(once)).toBe(once);
  });

  it('reads void tags: include and integrations never close, embed may', () => {
    expect(
      treeOf('{% include "../.gitbook/includes/a.md" %}\n{% embed url="https://x.test/v" %}\nafter'),
    ).toEqual([{ include: [] }, { embed: [] }, 'after']);
    expect(treeOf('{% embed url="https://x.test/v" %}\nA caption\n{% endembed %}')).toEqual([
      { embed: ['A caption'] },
    ]);
    expect(treeOf('{% @mermaid/diagram content="graph TD" %}')).toEqual([{ '@mermaid/diagram': [] }]);
  });

  it('keeps unknown, unclosed, stray and mismatched tags as text, in their paragraph', () => {
    expect(treeOf('a\n{% endtab %}\nb')).toEqual(['a {% endtab %} b']);
    expect(treeOf('{% unknown %}\nx\n{% endunknown %}')).toEqual(['{% unknown %} x {% endunknown %}']);
    expect(treeOf('{% tabs %}\n{% tab title="a" %}\nx\n{% endtabs %}')).toEqual([
      { tabs: ['{% tab title="a" %} x'] },
    ]);
    expect(treeOf('{% tab %}\n\nx')).toEqual(['{% tab %}', 'x']);
    // Printed escaped, so that the text is never read back as a tag.
    expect(normalizeMarkdown('{% tab %}\n\nx')).toBe('\\{% tab %}\n\nx\n');
  });

  it('never reads an escaped tag, and reads attribute values with quotes and unicode from the source', () => {
    expect(treeOf('\\{% tabs %}\n\n\\{% endtabs %}')).toEqual(['{% tabs %}', '{% endtabs %}']);
    const markdown = '{% tab title="Ça \\"marche\\" ✓ <b>" icon=\'😀\' %}\n`x`\n{% endtab %}';
    const tab = parseMarkdown(markdown).children[0] as GitbookBlock;
    expect(tab.attributes).toEqual({ title: 'Ça "marche" ✓ <b>', icon: '😀' });
    expect(normalizeMarkdown(normalizeMarkdown(markdown))).toBe(normalizeMarkdown(markdown));
  });

  it('reads the condition of an if whole', () => {
    const block = parseMarkdown('{% if visitor.claims.plan == "pro" %}\nPro\n{% endif %}')
      .children[0] as GitbookBlock;
    expect(block).toMatchObject({ name: 'if', argument: 'visitor.claims.plan == "pro"' });
  });

  it('keeps blocks nested past the limit as text, without losing anything', () => {
    const depth = markdownLimits.maxBlockNesting + 3;
    const markdown = '{% hint style="info" %}\n'.repeat(depth) + 'core\n' + '{% endhint %}\n'.repeat(depth);
    const text = JSON.stringify(parseMarkdown(markdown));
    expect(text).toContain('core');
    let deepest = 0;
    const visit = (node: Nodes, depth: number) => {
      deepest = Math.max(deepest, depth);
      if ('children' in node)
        for (const child of node.children) visit(child, node.type === 'hint' ? depth + 1 : depth);
    };
    visit(parseMarkdown(markdown), 0);
    expect(deepest).toBe(markdownLimits.maxBlockNesting);
    expect(normalizeMarkdown(normalizeMarkdown(markdown))).toBe(normalizeMarkdown(markdown));
  });
});

describe('tag lines', () => {
  it('parses names, attributes and positional values', () => {
    expect(blockTagOf('{% code title="a.js" lineNumbers="true" overflow=wrap %}')).toEqual({
      kind: 'open',
      name: 'code',
      attributes: { title: 'a.js', lineNumbers: 'true', overflow: 'wrap' },
    });
    expect(blockTagOf('{% endcontent-ref %}')).toEqual({ kind: 'close', name: 'content-ref' });
    expect(blockTagOf('{% include "a b.md" %}')).toMatchObject({ argument: 'a b.md' });
  });

  it('refuses malformed lines', () => {
    for (const line of [
      '{% tab title="open %}',
      '{%tab%}',
      '{% tab title="a" title="b" %}',
      '{% endtab x %}',
      '{% Tab %}',
    ])
      expect(blockTagOf(line)).toBeUndefined();
  });

  it('prints what it reads', () => {
    const tag = { name: 'tab', attributes: { title: 'say "hi" \\ bye' } };
    expect(blockTagOf(openingTagText(tag))).toEqual({ kind: 'open', ...tag });
  });
});
