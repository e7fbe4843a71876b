import { describe, expect, it } from 'vitest';
import {
  type DocumentInlineContent,
  documentToMarkdown,
  type JSONDocument,
  markdownToDocument,
  normalizeMarkdown,
} from '../src/index';

/**
 * The forms of the round trips added for issue 27 item 2: each document written as GitBook's
 * markdown, and that markdown read back as the same document.
 */

const text = (value: string): DocumentInlineContent => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: value, marks: [] }],
});

function withoutKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name, item]) => name !== 'key' && item !== undefined)
      .map(([name, item]) => [name, withoutKeys(item)]),
  );
}

const paragraphDocument = (...nodes: DocumentInlineContent[]): JSONDocument => ({
  object: 'document',
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes }],
});

function expectRoundTrip(document: JSONDocument, markdown: string): void {
  expect(documentToMarkdown(document)).toBe(markdown);
  expect(withoutKeys(markdownToDocument(markdown))).toEqual(withoutKeys(document));
  expect(normalizeMarkdown(markdown)).toBe(markdown);
}

describe('text that looks like a URL', () => {
  it.each([
    ['see https://www.example.com now', 'see https\\://www\\.example.com now\n'],
    ['www.example.com', 'www\\.example.com\n'],
    ['write to a@b.co', 'write to a\\@b.co\n'],
    ['mailto:a@b.com', 'mailto:a\\@b.com\n'],
    ['xmpp:a@b.c/d', 'xmpp:a\\@b.c/d\n'],
  ])('%j stays text', (value, markdown) => {
    expectRoundTrip(paragraphDocument(text(value)), markdown);
  });

  it('a URL written plainly is still a link (GFM literal autolinks)', () => {
    const [paragraph] = markdownToDocument('see https://www.example.com and a@b.co\n').nodes;
    expect(
      (paragraph as { nodes: Array<{ type?: string }> }).nodes.map((node) => node.type ?? 'text'),
    ).toEqual(['text', 'link', 'text', 'link']);
  });
});

const block = (type: string, fields: Record<string, unknown>) =>
  ({ object: 'block', type, ...fields }) as never;
const documentOf = (...nodes: unknown[]): JSONDocument => ({
  object: 'document',
  data: {},
  nodes: nodes as never,
});

describe('emoji', () => {
  it("is its shortcode, GitBook's form", () => {
    expectRoundTrip(
      paragraphDocument(text('Done '), {
        object: 'inline',
        type: 'emoji',
        isVoid: true,
        data: { code: '1f389' },
      }),
      'Done :tada:\n',
    );
    expectRoundTrip(
      paragraphDocument(
        { object: 'inline', type: 'emoji', isVoid: true, data: { code: '2764-fe0f' } },
        text('x'),
      ),
      ':heart:x\n',
    );
  });

  it('a text holding a shortcode stays text; an unknown name stays as written', () => {
    expectRoundTrip(
      paragraphDocument(text('say :tada: and :xq:rocket:')),
      'say \\:tada: and :xq\\:rocket:\n',
    );
    expect(normalizeMarkdown('a :not-an-emoji-name: b\n')).toBe('a :not-an-emoji-name: b\n');
  });

  it('an emoji without a name here is its character, read back as text (the one loss)', () => {
    const markdown = documentToMarkdown(
      // Unicode 16's face with bags under the eyes: newer than gemoji 4.1.0's names.
      paragraphDocument({ object: 'inline', type: 'emoji', isVoid: true, data: { code: '1fae9' } }),
    );
    expect(markdown).toBe('\u{1fae9}\n');
  });

  it("GitBook's icons keep their name inside", () => {
    expect(normalizeMarkdown('<i class="fa-rocket">:rocket:</i>\n')).toBe(
      '<i class="fa-rocket">:rocket:</i>\n',
    );
  });
});

const annotation = (words: string, note: string) => ({
  object: 'inline',
  type: 'annotation',
  isVoid: false,
  data: {},
  nodes: [text(words)],
  fragments: [
    {
      object: 'fragment',
      fragment: 'annotation-body',
      type: 'annotation-body',
      nodes: [block('paragraph', { data: {}, nodes: [text(note)] })],
    },
  ],
});

describe('annotations', () => {
  it("are footnotes, GitBook's form: the word before the reference", () => {
    expectRoundTrip(
      paragraphDocument(
        text('An '),
        annotation('API', 'Application programming interface.') as never,
        text(' call.'),
      ),
      'An API[^1] call.\n\n[^1]: Application programming interface.\n',
    );
  });

  it('mark where their text starts when it is not one word after a space', () => {
    expectRoundTrip(
      paragraphDocument(
        annotation('two words', 'note') as never,
        text(' and'),
        annotation('glued', 'b') as never,
      ),
      '<span data-annotation></span>two words[^1] and<span data-annotation></span>glued[^2]\n\n[^1]: note\n\n[^2]: b\n',
    );
  });

  it('read a note of several blocks; a footnote met before its reference is text', () => {
    const document = markdownToDocument('A word[^n].\n\n[^n]: One.\n\n    ```js\n    x\n    ```\n');
    const [paragraph] = document.nodes as Array<{ nodes: Array<{ type?: string; fragments?: unknown[] }> }>;
    expect(paragraph!.nodes.map((node) => node.type ?? 'text')).toEqual(['text', 'annotation', 'text']);
    expect(withoutKeys(paragraph!.nodes[1]!.fragments)).toEqual([
      {
        object: 'fragment',
        fragment: 'annotation-body',
        type: 'annotation-body',
        nodes: [
          block('paragraph', { data: {}, nodes: [text('One.')] }),
          withoutKeys(markdownToDocument('```js\nx\n```\n').nodes[0]),
        ],
      },
    ]);
    expect(markdownToDocument('[^1]: note\n\nA[^1]\n').nodes.length).toBe(2);
  });
});

describe('inline images, aligned headings, highlighted code', () => {
  const image = (data: Record<string, unknown>) => ({
    object: 'inline',
    type: 'inline-image',
    isVoid: true,
    data,
  });

  it("sized images are GitBook's <img data-size>", () => {
    expectRoundTrip(
      paragraphDocument(
        text('Click '),
        image({ ref: { kind: 'url', url: 'a b.png' }, size: 'line' }) as never,
        text(' then'),
      ),
      'Click <img src="a b.png" alt="" data-size="line"> then\n',
    );
    expectRoundTrip(
      paragraphDocument(
        image({
          ref: { kind: 'file', file: 'f1' },
          refDark: { kind: 'url', url: 'd.png' },
          alt: 'x',
          caption: 'c',
          size: 'original',
        }) as never,
      ),
      '<picture><source srcset="d.png" media="(prefers-color-scheme: dark)"><img src="/files/f1" alt="x" title="c" data-size="original"></picture>\n',
    );
  });

  it("aligned headings are GitBook's <h2 align>", () => {
    expectRoundTrip(
      documentOf(block('heading-2', { data: { align: 'center' }, nodes: [text('What <next>?')] })),
      '<h2 align="center">What &#x3C;next&#x3E;?</h2>\n',
    );
    expectRoundTrip(
      documentOf(block('heading-1', { data: { id: 'top', align: 'end' }, nodes: [text('Top')] })),
      '<h1 align="right">Top <a href="#top" id="top"></a></h1>\n',
    );
  });

  it("code with highlighted lines is GitBook's <pre> with <strong> lines", () => {
    const line = (value: string, highlighted?: boolean) =>
      block('code-line', { data: highlighted ? { highlighted: true } : {}, nodes: [text(value)] });
    expectRoundTrip(
      documentOf(
        block('code', {
          data: { syntax: 'yaml', title: 'a.yaml', fullWidth: true },
          nodes: [line('a: <b> & c', true), line(''), line('d:', true)],
        }),
      ),
      '<pre class="language-yaml" data-title="a.yaml" data-full-width="true"><code class="lang-yaml"><strong>a: &#x3C;b> &#x26; c\n</strong>\n<strong>d:\n</strong></code></pre>\n',
    );
  });
});

describe('integration blocks', () => {
  it("write string props as GitBook's attributes, other props as JSON in json-props", () => {
    expectRoundTrip(
      documentOf(
        block('integration', {
          isVoid: true,
          data: {
            integration: 'mermaid',
            block: 'diagram',
            props: { content: 'graph TD', count: 3, on: true, list: ['a', { b: null }], text: 'two\nlines' },
          },
        }),
      ),
      '{% @mermaid/diagram content="graph TD" json-props="{\\"count\\":3,\\"on\\":true,\\"list\\":[\\"a\\",{\\"b\\":null}],\\"text\\":\\"two\\\\nlines\\"}" %}\n',
    );
  });

  it('a json-props that is not a JSON object stays a string prop', () => {
    const [integration] = markdownToDocument('{% @a/b json-props="[1]" x="y" %}\n').nodes;
    expect((integration as { data: { props: unknown } }).data.props).toEqual({ 'json-props': '[1]', x: 'y' });
  });
});

describe("GitBook's <br> in prose", () => {
  it('is a line break', () => {
    expect(withoutKeys(markdownToDocument('one<br>two\n').nodes)).toEqual([
      block('paragraph', { data: {}, nodes: [text('one\ntwo')] }),
    ]);
  });
});

describe('buttons', () => {
  it('with a size: the link button with data-size', () => {
    expectRoundTrip(
      paragraphDocument(text('Go '), {
        object: 'inline',
        type: 'button',
        isVoid: true,
        data: {
          label: 'Start *now*',
          kind: 'secondary',
          icon: 'rocket',
          size: 'large',
          ref: { kind: 'url', url: 'https://x.co/a|b' },
        },
      }),
      'Go <a href="https://x.co/a&#x7C;b" class="button secondary" data-icon="rocket" data-size="large">Start \\*now\\*</a>\n',
    );
  });

  it("with an action: GitBook's <button data-action>", () => {
    const button = (action: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
      object: 'inline',
      type: 'button',
      isVoid: true,
      data: { label: 'Ask', kind: 'primary', action, ...extra },
    });
    expectRoundTrip(
      paragraphDocument(
        text('Try '),
        button({ action: 'ask', query: 'How "so"?' }, { icon: 'gitbook-assistant' }) as never,
      ),
      'Try <button type="button" class="button primary" data-action="ask" data-query="How &#x22;so&#x22;?" data-icon="gitbook-assistant">Ask</button>\n',
    );
    expectRoundTrip(
      paragraphDocument(text('Pick '), button({ action: 'select', slug: 'v2' }, { size: 'small' }) as never),
      'Pick <button type="button" class="button primary" data-action="select" data-slug="v2" data-size="small">Ask</button>\n',
    );
    const centered =
      '<p align="center"><button type="button" class="button primary" data-action="search" data-icon="magnifying-glass">Search</button></p>\n';
    expect(normalizeMarkdown(centered)).toBe(centered);
  });
});

describe('prompt', () => {
  const codeLine = (value: string) => block('code-line', { data: {}, nodes: [text(value)] });
  const prompt = (data: Record<string, unknown>) =>
    block('prompt', {
      data,
      nodes: [
        block('code', { data: { syntax: 'markdown' }, nodes: [codeLine('Sum up.'), codeLine('Be short.')] }),
      ],
    });

  it("is GitBook's tag right around its fence, attributes in GitBook's order", () => {
    expectRoundTrip(
      documentOf(
        prompt({
          description: 'Ask “this”',
          icon: 'rectangle-terminal',
          openInAIProviders: true,
          defaultExpanded: 'full',
        }),
      ),
      '{% prompt description="Ask “this”" icon="rectangle-terminal" openInAIProviders="true" defaultExpanded="full" %}\n```markdown\nSum up.\nBe short.\n```\n{% endprompt %}\n',
    );
    expectRoundTrip(
      documentOf(
        block('paragraph', { data: {}, nodes: [text('Before.')] }),
        prompt({ description: 'Review' }),
      ),
      'Before.\n\n{% prompt description="Review" %}\n```markdown\nSum up.\nBe short.\n```\n{% endprompt %}\n',
    );
  });

  it('around content that is not one fence stays text, never lost', () => {
    const markdown = '{% prompt description="Plain" %}\nSummarize page 1.\n{% endprompt %}\n';
    const [only] = markdownToDocument(markdown).nodes;
    expect(only?.type).toBe('paragraph');
    expect(documentToMarkdown(markdownToDocument(markdown))).toContain('Summarize page 1.');
  });
});

describe("emoji by GitHub's every name", () => {
  it('reads any gemoji alias, and writes the emoji by its first name', () => {
    const markdown = 'Up :mountain:, :thumbsup: and :+1:\n';
    const document = markdownToDocument(markdown);
    const codes = JSON.stringify(document).match(/"code":"[0-9a-f-]+"/g);
    expect(codes).toEqual(['"code":"26f0-fe0f"', '"code":"1f44d"', '"code":"1f44d"']);
    expect(documentToMarkdown(document)).toBe('Up :mountain:, :+1: and :+1:\n');
    expect(normalizeMarkdown(markdown)).toBe(markdown);
  });
});

describe('GitBook\'s expression in HTML, <code class="expression">', () => {
  const expressionsOf = (markdown: string) =>
    JSON.stringify(markdownToDocument(markdown)).match(/"expression":"(?:[^"\\]|\\.)*"/g);

  it('is an expression in text, also right after inline HTML', () => {
    expect(expressionsOf('Use <code class="expression">space.vars.version</code> now.\n')).toEqual([
      '"expression":"space.vars.version"',
    ]);
    expect(
      expressionsOf('<mark style="color:red;">v</mark><code class="expression">"v" + page.vars.n</code>\n'),
    ).toEqual(['"expression":"\\"v\\" + page.vars.n"']);
  });

  it("inside GitBook's HTML (an aligned paragraph, a caption) is kept and written in GitBook's form", () => {
    for (const markdown of [
      '<p align="center">Hi <code class="expression">space.vars.name</code></p>\n',
      '<figure><img src="https://x.co/a.png" alt=""><figcaption><p>For <code class="expression">page.vars.who</code></p></figcaption></figure>\n',
    ]) {
      expect(expressionsOf(markdown)).toHaveLength(1);
      expect(documentToMarkdown(markdownToDocument(markdown))).toBe(markdown);
      expect(normalizeMarkdown(markdown)).toBe(markdown);
    }
  });

  it('holding markdown, an empty text or another attribute stays text, never lost', () => {
    for (const markdown of [
      'a <code class="expression">x *y* z</code>\n',
      'a <code class="expression"></code>\n',
      'a <code class="expression" title="t">x</code>\n',
    ]) {
      expect(expressionsOf(markdown)).toBeNull();
      expect(JSON.stringify(markdownToDocument(markdown))).toContain('code class');
    }
  });
});
