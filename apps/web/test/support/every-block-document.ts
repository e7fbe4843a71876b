/**
 * A GitBook document (`JSONDocument`, 0.202.0's shapes) holding every block and inline type,
 * built by hand: the read view's tests and its screenshot render it.
 */
import type {
  DocBlock,
  DocDocument,
  DocInline,
  DocLeaf,
  DocNode,
  DocText,
} from '../../src/content/blocks/document-shape';

const leaf = (text: string, ...marks: DocLeaf['marks'] & object): DocLeaf => ({
  object: 'leaf',
  text,
  marks,
});
export const text = (...leaves: (string | DocLeaf)[]): DocText => ({
  object: 'text',
  leaves: leaves.map((one) => (typeof one === 'string' ? leaf(one) : one)),
});
export const paragraph = (...nodes: (string | DocNode)[]): DocBlock => ({
  object: 'block',
  type: 'paragraph',
  nodes: nodes.map((node) => (typeof node === 'string' ? text(node) : node)),
});
const block = (type: string, data: Record<string, unknown>, nodes: DocNode[] = []): DocBlock => ({
  object: 'block',
  type,
  data,
  nodes,
});
const inline = (type: string, data: Record<string, unknown>, nodes?: DocNode[]): DocInline => ({
  object: 'inline',
  type,
  data,
  isVoid: nodes === undefined,
  ...(nodes ? { nodes } : {}),
});
const mark = (type: string, data?: Record<string, unknown>) => ({
  object: 'mark' as const,
  type,
  ...(data ? { data } : {}),
});
const heading = (level: 1 | 2 | 3, title: string) => block(`heading-${level}`, {}, [text(title)]);
const code = (data: Record<string, unknown>, lines: string[]) =>
  block(
    'code',
    data,
    lines.map((line, index) =>
      block('code-line', index === 1 && data.title ? { highlighted: true } : {}, [text(line)]),
    ),
  );

export const EVERY_BLOCK: DocDocument = {
  object: 'document',
  data: {},
  nodes: [
    heading(1, 'Every block'),
    paragraph(
      text(
        'Marks: ',
        leaf('bold', mark('bold')),
        ', ',
        leaf('italic', mark('italic')),
        ', ',
        leaf('struck', mark('strikethrough')),
        ', ',
        leaf('code', mark('code')),
        ', ',
        leaf('Ctrl', mark('keyboard')),
        ', x',
        leaf('2', mark('superscript')),
        ', H',
        leaf('2', mark('subscript')),
        'O, ',
        leaf('red text', mark('color', { text: 'red', background: 'default' })),
        ' and ',
        leaf('highlighted', mark('color', { text: 'default', background: 'yellow' })),
        '.',
      ),
    ),
    paragraph(
      'Inlines: ',
      inline('link', { ref: { kind: 'url', url: 'https://example.com/docs' } }, [text('a link')]),
      ', ',
      inline('link', { ref: { kind: 'url', url: 'javascript:alert(1)' } }, [text('a bad link')]),
      ', ',
      inline('emoji', { code: '1f44b' }),
      ', ',
      inline('icon', { icon: 'rocket', color: 'blue' }),
      ', version ',
      inline('expression', { expression: 'space.vars.version' }),
      ', ',
      inline('inline-math', { formula: 'e^{i\\pi} + 1 = 0' }),
      ', ',
      inline('mention', { ref: { kind: 'page', page: 'page-install' } }),
      ', ',
      inline('mention', { ref: { kind: 'user', user: 'ada' } }),
      ', ',
      {
        object: 'inline',
        type: 'annotation',
        isVoid: false,
        nodes: [text('annotated')],
        fragments: [
          {
            object: 'fragment',
            type: 'annotation-body',
            fragment: 'annotation-body',
            nodes: [paragraph('The note.')],
          },
        ],
      },
      ', ',
      inline('inline-image', {
        ref: { kind: 'url', url: 'https://example.com/icon.png' },
        alt: 'an icon',
        size: 'line',
      }),
      ' ',
      inline('button', {
        label: 'Get started',
        kind: 'primary',
        ref: { kind: 'url', url: 'https://example.com/start' },
      }),
      ' ',
      inline('button', {
        label: 'Secondary',
        kind: 'secondary',
        ref: { kind: 'page', page: 'page-install' },
      }),
    ),
    heading(2, 'Lists'),
    block('list-ordered', { start: 3 }, [
      block('list-item', {}, [paragraph('third')]),
      block('list-item', {}, [paragraph('fourth')]),
    ]),
    block('list-unordered', {}, [block('list-item', {}, [paragraph('one')])]),
    block('list-tasks', {}, [
      block('list-item', { checked: true }, [paragraph('done')]),
      block('list-item', { checked: false }, [paragraph('to do')]),
    ]),
    block('blockquote', {}, [paragraph('A quote.')]),
    block('divider', {}),
    heading(2, 'Hints'),
    block('hint', { style: 'info' }, [paragraph('An info hint.')]),
    block('hint', { style: 'warning' }, [paragraph('A warning hint.')]),
    block('hint', { style: 'danger' }, [paragraph('A danger hint.')]),
    block('hint', { style: 'success', icon: 'lightbulb' }, [paragraph('A success hint with its own icon.')]),
    heading(2, 'Code'),
    code({ syntax: 'ts', title: 'server.ts', lineNumbers: true }, [
      'const port = 8080;',
      'listen(port);',
      'log("ready");',
    ]),
    code({ syntax: 'bash', overflow: 'wrap' }, [
      'npm install --save a-very-long-package-name another-long-package-name yet-another-long-package-name',
    ]),
    block('math', { formula: '\\int_0^1 x^2\\,dx = \\tfrac{1}{3}' }),
    heading(2, 'Tabs'),
    block('tabs', {}, [
      block('tabs-item', { title: 'npm' }, [code({ syntax: 'bash' }, ['npm install quire'])]),
      block('tabs-item', { title: 'pnpm' }, [code({ syntax: 'bash' }, ['pnpm add quire'])]),
      block('tabs-item', { title: 'Docker', icon: 'globe' }, [paragraph('Run the image.')]),
    ]),
    heading(2, 'Stepper'),
    block('stepper', {}, [
      block('stepper-step', {}, [heading(3, 'Install'), paragraph('Install the server.')]),
      block('stepper-step', {}, [heading(3, 'Configure'), paragraph('Set the public URL.')]),
      block('stepper-step', {}, [heading(3, 'Run'), paragraph('Start it.')]),
    ]),
    {
      object: 'block',
      type: 'expandable',
      isVoid: true,
      data: {},
      fragments: [
        {
          object: 'fragment',
          fragment: 'expandable-title',
          type: 'expandable-title',
          nodes: [paragraph('Why self-host?')],
        },
        {
          object: 'fragment',
          fragment: 'expandable-body',
          type: 'expandable-body',
          nodes: [paragraph('Your data stays yours.')],
        },
      ],
    },
    heading(2, 'Columns'),
    block('columns', {}, [
      block('column', { width: { unit: '%', value: 60 } }, [paragraph('The left column, wider.')]),
      block('column', { width: { unit: '%', value: 40 } }, [paragraph('The right column.')]),
    ]),
    heading(2, 'Cards'),
    {
      object: 'block',
      type: 'table',
      isVoid: true,
      data: {
        view: {
          type: 'cards',
          cardSize: 'medium',
          columns: ['title', 'body', 'target', 'cover'],
          targetDefinition: 'target',
          coverDefinition: 'cover',
        },
        definition: {
          title: { id: 'title', title: 'Title', type: 'text', textAlignment: 'left' },
          body: { id: 'body', title: 'Body', type: 'text', textAlignment: 'left' },
          target: { id: 'target', title: 'Target', type: 'content-ref' },
          cover: { id: 'cover', title: 'Cover', type: 'files' },
        },
        records: {
          r1: {
            orderIndex: 'a0',
            values: {
              title: 'r1-title',
              body: 'r1-body',
              target: { kind: 'page', page: 'page-install' },
              cover: { kind: 'url', url: 'https://example.com/cover-1.png' },
            },
          },
          r2: {
            orderIndex: 'a1',
            values: {
              title: 'r2-title',
              body: 'r2-body',
              target: { kind: 'url', url: 'https://example.com/api' },
            },
          },
        },
      },
      fragments: [
        { object: 'fragment', fragment: 'r1-title', nodes: [paragraph('Install')] },
        { object: 'fragment', fragment: 'r1-body', nodes: [paragraph('Run Quire on your server.')] },
        { object: 'fragment', fragment: 'r2-title', nodes: [paragraph('API')] },
        { object: 'fragment', fragment: 'r2-body', nodes: [paragraph('GitBook’s API, served by Quire.')] },
      ],
    },
    {
      object: 'block',
      type: 'table',
      isVoid: true,
      data: {
        view: { type: 'grid', columns: ['name', 'stars', 'ok'], hideHeader: false },
        definition: {
          name: { id: 'name', title: 'Name', type: 'text', textAlignment: 'left' },
          stars: { id: 'stars', title: 'Rating', type: 'rating', max: 5 },
          ok: { id: 'ok', title: 'Works', type: 'checkbox' },
        },
        records: { a: { orderIndex: 'a0', values: { name: 'a-name', stars: 4, ok: true } } },
      },
      fragments: [{ object: 'fragment', fragment: 'a-name', nodes: [paragraph('Quire')] }],
    },
    heading(2, 'Images and files'),
    block('images', { align: 'center' }, [
      {
        object: 'block',
        type: 'image',
        isVoid: true,
        data: {
          ref: { kind: 'url', url: 'https://example.com/light.png' },
          refDark: { kind: 'url', url: 'https://example.com/dark.png' },
          alt: 'The dashboard',
          width: 320,
        },
        fragments: [
          {
            object: 'fragment',
            fragment: 'caption',
            nodes: [paragraph('The dashboard, in light and dark.')],
          },
        ],
      },
    ]),
    block('file', { ref: { kind: 'file', file: 'file-guide' } }),
    block('embed', { url: 'https://www.youtube.com/watch?v=abc' }),
    block('content-ref', { ref: { kind: 'page', page: 'page-install' } }),
    block('drawing', { ref: { kind: 'file', file: 'file-drawing' } }),
    heading(2, 'Updates'),
    block('updates', { format: 'full' }, [
      block(
        'update',
        {
          date: '2026-11-20',
          tags: [
            { kind: 'tag', tag: 'feature' },
            { kind: 'tag', tag: 'api' },
          ],
        },
        [paragraph('Reusable content.')],
      ),
      block('update', { date: '2026-10-02' }, [paragraph('First release.')]),
    ]),
    heading(2, 'Adaptive and reusable'),
    block('if', { expression: 'visitor.claims.plan == "pro"' }, [paragraph('Only for pro visitors.')]),
    block('reusable-content', { ref: { kind: 'reusable-content', reusableContent: 'rc-support' } }),
    block('openapi-operation', { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets', method: 'get' }),
    block('openapi-schemas', { ref: { kind: 'openapi', spec: 'petstore' }, schemas: ['Pet'] }),
    block('integration', { integration: 'mermaid', block: 'diagram', props: {} }),
    block('prompt', { description: 'Ask an assistant' }, [
      code({ syntax: 'text' }, ['Summarize this page.']),
    ]),
    block('made-up-block', {}, [paragraph('Text of a block no one knows.')]),
  ],
};
