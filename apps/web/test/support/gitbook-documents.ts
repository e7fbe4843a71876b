/**
 * Hand-built GitBook documents (`JSONDocument` of `@gitbook/api` 0.202.0), one per block,
 * inline and mark type, with the data fields each type has, for the editor's round trip
 * (`editor-gitbook-round-trip.test.ts`). Written in GitBook's canonical form: adjacent leaves
 * of the same marks are one leaf, marks in the order the editor's schema gives them.
 */
import type {
  GitBookBlock,
  GitBookInline,
  GitBookInlineContent,
  GitBookMark,
  GitBookText,
} from '../../src/editor/gitbook-shapes';

export const mark = (type: string, data?: Record<string, unknown>): GitBookMark =>
  data === undefined ? { object: 'mark', type } : { object: 'mark', type, data };

export const text = (value: string, ...marks: GitBookMark[]): GitBookText => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: value, marks }],
});

/** One text of several leaves (the editor gives adjacent texts back as one). */
export const leaves = (...parts: Array<[string, ...GitBookMark[]]>): GitBookText => ({
  object: 'text',
  leaves: parts.map(([value, ...marks]) => ({ object: 'leaf', text: value, marks })),
});

export const paragraph = (...nodes: GitBookInlineContent[]): GitBookBlock => ({
  object: 'block',
  type: 'paragraph',
  nodes,
});

export const block = (
  type: string,
  data: Record<string, unknown> | undefined,
  nodes?: GitBookBlock['nodes'],
  extra: Partial<GitBookBlock> = {},
): GitBookBlock => ({
  object: 'block',
  type,
  ...(data === undefined ? {} : { data }),
  ...(nodes === undefined ? {} : { nodes }),
  ...extra,
});

export const inline = (
  type: string,
  data: Record<string, unknown>,
  extra: Partial<GitBookInline> = {},
): GitBookInline => ({
  object: 'inline',
  type,
  isVoid: true,
  data,
  ...extra,
});

const codeLine = (line: string, data: Record<string, unknown> = {}): GitBookBlock =>
  block('code-line', data, [text(line)]);

export const code = (data: Record<string, unknown>, ...lines: string[]): GitBookBlock =>
  block(
    'code',
    data,
    lines.map((line) => codeLine(line)),
  );

const url = (value: string) => ({ kind: 'url', url: value });

export const image = (data: Record<string, unknown>, caption?: string): GitBookBlock =>
  block('image', data, undefined, {
    isVoid: true,
    fragments:
      caption === undefined
        ? []
        : [{ object: 'fragment', fragment: 'caption', nodes: [paragraph(text(caption, mark('italic')))] }],
  });

export const expandable = (
  title: GitBookInlineContent[],
  body: GitBookBlock[],
  data: Record<string, unknown> = {},
) =>
  block('expandable', data, undefined, {
    isVoid: true,
    fragments: [
      {
        object: 'fragment',
        fragment: 'expandable-title',
        type: 'expandable-title',
        nodes: [paragraph(...title)],
      },
      { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: body },
    ],
  });

const gridTable = block(
  'table',
  {
    view: { type: 'grid', columns: ['c0', 'c1'], hideHeader: false },
    records: {
      r0: { orderIndex: '000000', values: { c0: 'r0c0', c1: 'r0c1' } },
    },
    definition: {
      c0: { id: 'c0', title: 'Name', type: 'text', textAlignment: 'left' },
      c1: { id: 'c1', title: 'Size', type: 'text', textAlignment: 'right' },
    },
  },
  undefined,
  {
    isVoid: true,
    fragments: [
      { object: 'fragment', fragment: 'r0c0', nodes: [paragraph(text('a', mark('bold')))] },
      { object: 'fragment', fragment: 'r0c1', nodes: [paragraph(text('1'))] },
    ],
  },
);

const cardsTable = block(
  'table',
  {
    view: { type: 'cards', cardSize: 'medium', columns: ['title', 'target'], targetDefinition: 'target' },
    records: {
      one: { orderIndex: 'a0', values: { title: 'f1', target: { kind: 'page', page: 'page-1' } } },
    },
    definition: {
      title: { id: 'title', title: 'Title', type: 'text', textAlignment: 'left' },
      target: { id: 'target', title: 'Target', type: 'content-ref' },
    },
  },
  undefined,
  {
    isVoid: true,
    fragments: [{ object: 'fragment', fragment: 'f1', nodes: [paragraph(text('Quick start'))] }],
  },
);

/** Every block type of GitBook's model (and the inlines and marks in paragraphs), by name. */
export const GITBOOK_BLOCKS: Record<string, GitBookBlock> = {
  paragraph: paragraph(leaves(['Plain '], ['and bold', mark('bold')])),
  'paragraph aligned': block('paragraph', { align: 'center' }, [text('Centered')]),
  'heading-1': block('heading-1', {}, [text('One')]),
  'heading-2 with id': block('heading-2', { id: 'two' }, [text('Two')]),
  'heading-3': block('heading-3', {}, [text('Three')]),
  'list-unordered': block('list-unordered', {}, [block('list-item', {}, [paragraph(text('item'))])]),
  'list-ordered': block('list-ordered', { start: 3 }, [
    block('list-item', {}, [
      paragraph(text('three')),
      block('list-unordered', {}, [block('list-item', {}, [paragraph(text('nested'))])]),
    ]),
  ]),
  'list-tasks': block('list-tasks', {}, [
    block('list-item', { checked: true }, [paragraph(text('done'))]),
    block('list-item', { checked: false }, [paragraph(text('todo'))]),
  ]),
  divider: block('divider', {}, undefined, { isVoid: true }),
  blockquote: block('blockquote', {}, [paragraph(text('quoted'))]),
  code: code(
    { syntax: 'ts', title: 'index.ts', lineNumbers: true, overflow: 'wrap' },
    'const a = 1;',
    '',
    'a;',
  ),
  'code, highlighted line': block('code', { syntax: 'js' }, [
    codeLine('x()', { highlighted: true }),
    codeLine('y()'),
  ]),
  'hint with icon': block('hint', { style: 'warning', icon: 'bolt' }, [paragraph(text('Careful.'))]),
  'hint styles': block('hint', { style: 'success' }, [
    paragraph(text('Done.')),
    block('list-unordered', {}, [block('list-item', {}, [paragraph(text('x'))])]),
  ]),
  tabs: block('tabs', {}, [
    block('tabs-item', { title: 'macOS', icon: 'apple' }, [paragraph(text('brew install'))]),
    block('tabs-item', { title: 'Linux' }, [code({ syntax: 'sh' }, 'apt install'), paragraph(text('then'))]),
  ]),
  'tabs without data': block('tabs', undefined, [
    block('tabs-item', { title: 'Only' }, [paragraph(text('x'))]),
  ]),
  expandable: expandable(
    [leaves(['More '], ['details', mark('italic')])],
    [paragraph(text('Hidden')), code({}, 'x')],
    {
      defaultExpanded: true,
    },
  ),
  stepper: block('stepper', {}, [
    block('stepper-step', {}, [block('heading-3', {}, [text('Install')]), paragraph(text('Run it.'))]),
    block('stepper-step', { icon: 'check' }, [paragraph(text('Done.'))]),
  ]),
  columns: block(
    'columns',
    { fullWidth: false },
    [
      block('column', { width: 50 }, [paragraph(text('Left'))]),
      block('column', { width: { unit: '%', value: 50 }, verticalAlignment: 'top' }, [
        paragraph(text('Right')),
      ]),
    ],
    { isVoid: false },
  ),
  updates: block('updates', { format: 'full' }, [
    block('update', { date: '2026-11-01T00:00:00.000Z', tags: [{ kind: 'tag', tag: 'new' }] }, [
      paragraph(text('Shipped.')),
    ]),
  ]),
  if: block('if', { expression: 'visitor.claims.beta' }, [paragraph(text('Beta only.'))]),
  'grid table': gridTable,
  cards: cardsTable,
  images: block('images', {}, [image({ ref: url('https://example.com/a.png'), alt: 'A' }, 'The caption')], {
    isVoid: false,
  }),
  'image with size and dark variant': block(
    'images',
    { align: 'center', withFrame: true },
    [
      image({
        ref: url('https://example.com/light.png'),
        refDark: url('https://example.com/dark.png'),
        width: 320,
        alt: 'Chart',
      }),
    ],
    { isVoid: false },
  ),
  file: block('file', { ref: { kind: 'file', file: 'file-1' } }, undefined, { isVoid: true }),
  embed: block('embed', { url: 'https://www.youtube.com/watch?v=x' }, undefined, { isVoid: true }),
  'content-ref': block('content-ref', { ref: { kind: 'page', page: 'page-2' } }, undefined, { isVoid: true }),
  drawing: block('drawing', { ref: { kind: 'file', file: 'drawing-1' } }, undefined, { isVoid: true }),
  math: block('math', { formula: 'e^{i\\pi} + 1 = 0' }, undefined, { isVoid: true }),
  prompt: block('prompt', { description: 'Ask', defaultExpanded: 'full' }, [
    code({}, 'Summarize this page.'),
  ]),
  'reusable-content': block(
    'reusable-content',
    { ref: { kind: 'reusable-content', reusableContent: 'rc-1' } },
    undefined,
    {
      isVoid: true,
    },
  ),
  integration: block(
    'integration',
    { integration: 'github', block: 'embed', props: { url: 'x' } },
    undefined,
    {
      isVoid: true,
    },
  ),
  swagger: block(
    'swagger',
    { ref: url('https://example.com/openapi.yaml'), path: '/pets', method: 'get' },
    undefined,
    {
      isVoid: true,
    },
  ),
  'openapi-operation': block(
    'openapi-operation',
    { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets', method: 'get' },
    undefined,
    {
      isVoid: true,
    },
  ),
  'openapi-schemas': block(
    'openapi-schemas',
    { ref: { kind: 'openapi', spec: 'petstore' }, schemas: ['Pet'], grouped: true },
    undefined,
    {
      isVoid: true,
    },
  ),
  'openapi-webhook': block(
    'openapi-webhook',
    { ref: { kind: 'openapi', spec: 'petstore' }, name: 'newPet', method: 'post' },
    undefined,
    {
      isVoid: true,
    },
  ),
  marks: paragraph(
    leaves(
      ['b', mark('bold')],
      ['i', mark('italic')],
      ['s', mark('strikethrough')],
      ['c', mark('code')],
      ['k', mark('keyboard')],
      ['sup', mark('superscript')],
      ['sub', mark('subscript')],
      ['red', mark('color', { text: 'red', background: 'default' })],
    ),
  ),
  'link and inline image': paragraph(
    { object: 'inline', type: 'link', data: { ref: url('https://example.com') }, nodes: [text('a link')] },
    text(' '),
    inline('inline-image', { ref: url('https://example.com/i.png'), alt: 'icon', caption: 'c' }),
  ),
  'link to a page and an anchor': paragraph(
    { object: 'inline', type: 'link', data: { ref: { kind: 'page', page: 'p1' } }, nodes: [text('page')] },
    {
      object: 'inline',
      type: 'link',
      data: { ref: { kind: 'anchor', anchor: 'part' } },
      nodes: [text('anchor')],
    },
  ),
  'link to a user': paragraph({
    object: 'inline',
    type: 'link',
    data: { ref: { kind: 'user', user: 'u1' } },
    nodes: [text('me')],
  }),
  'inline image, dark and sized': paragraph(
    inline('inline-image', {
      ref: url('https://example.com/i.png'),
      refDark: url('https://example.com/d.png'),
      size: 'line',
    }),
  ),
  mentions: paragraph(
    text('See '),
    inline('mention', { ref: { kind: 'page', page: 'p1' } }),
    text(' by '),
    inline('mention', { ref: { kind: 'user', user: 'u1' } }),
  ),
  inlines: paragraph(
    inline('emoji', { code: '1f600' }),
    inline('icon', { icon: 'check', color: 'green' }),
    inline('expression', { expression: 'space.vars.version' }),
    inline('inline-math', { formula: 'x^2' }),
    inline('mention', { ref: { kind: 'user', user: 'u1' } }),
    inline('button', { label: 'Start', kind: 'primary', ref: url('https://example.com') }),
    {
      object: 'inline',
      type: 'annotation',
      isVoid: false,
      nodes: [text('term')],
      fragments: [
        { object: 'fragment', fragment: 'a1', type: 'annotation-body', nodes: [paragraph(text('A note.'))] },
      ],
    },
  ),
};

/** The editor node each editable type becomes (every other type is kept whole as an atom). */
export const EDITED_AS: Record<string, string> = {
  paragraph: 'paragraph',
  'heading-1': 'heading',
  'list-unordered': 'bulletList',
  'list-ordered': 'orderedList',
  'list-tasks': 'taskList',
  divider: 'horizontalRule',
  blockquote: 'blockquote',
  code: 'codeBlock',
  'hint with icon': 'hint',
  tabs: 'tabs',
  expandable: 'expandable',
  stepper: 'stepper',
  columns: 'columns',
  updates: 'updates',
  if: 'conditional',
  'grid table': 'table',
  'openapi-operation': 'openapiOperation',
  images: 'gitbookBlock',
  math: 'gitbookBlock',
  embed: 'gitbookBlock',
};
