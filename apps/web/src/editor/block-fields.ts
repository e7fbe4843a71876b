/**
 * The fields of GitBook's blocks that the writer edits outside the text: a tab's title, a
 * code block's title, line numbers and wrapping, an image's address, caption, alt text, size
 * and dark variant, an embed's address, a content-ref's target, a button's label, address
 * and kind, a formula's source, a hint's icon, an update's date and tags, a condition... Each
 * field reads and writes one place of the node's value: GitBook's `data` of a node the writer
 * types into, or the whole JSON of a block or inline the editor keeps as an atom.
 * `block-settings.tsx` shows them for the block the cursor is in (and the atom selected).
 */
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { cardsFields } from './cards-fields';
import { imageRefFromUrl, type LinkRef, linkRefFromUrl, urlOfRef } from './documents';
import { type Field, type Path, read, type Value, write } from './field-values';

export type { Field } from './field-values';

import { blockName, INLINE_NAMES } from './gitbook-type-names';

/** Which attribute of the node a field edits: GitBook's `data`, or the atom's JSON. */
export type FieldAttribute = 'data' | 'block' | 'inline';

export interface FieldTarget {
  label: string;
  attribute: FieldAttribute;
  fields: Field[];
}

const text = (id: string, label: string, path: Path, optional = true): Field => ({
  id,
  label,
  kind: 'text',
  get: (value) => {
    const found = read(value, path);
    return typeof found === 'string' ? found : '';
  },
  set: (value, input) => write(value, path, input === '' && optional ? undefined : String(input)),
});

const textarea = (id: string, label: string, path: Path): Field => ({
  ...text(id, label, path, false),
  kind: 'textarea',
});

const checkbox = (id: string, label: string, path: Path, on: unknown = true, off?: unknown): Field => ({
  id,
  label,
  kind: 'checkbox',
  get: (value) => read(value, path) === on,
  set: (value, input) => write(value, path, input ? on : off),
});

const select = (id: string, label: string, path: Path, options: readonly string[]): Field => ({
  id,
  label,
  kind: 'select',
  options,
  get: (value) => String(read(value, path) ?? options[0] ?? ''),
  set: (value, input) => write(value, path, String(input)),
});

/** A reference typed as its markdown URL (`https://...`, `/pages/<id>`, `/files/<id>`, `#anchor`). */
const reference = (id: string, label: string, path: Path): Field => ({
  id,
  label,
  kind: 'text',
  get: (value) => {
    const ref = read(value, path);
    try {
      return ref ? String(urlOfRef(ref as LinkRef) ?? '') : '';
    } catch {
      return '';
    }
  },
  set: (value, input) => write(value, path, linkRefFromUrl(String(input).trim())),
});

/** An image uploaded from the computer, put at `path` as the address it has in the save's batch. */
const upload = (id: string, label: string, path: Path): Field => ({
  id,
  label,
  kind: 'upload',
  accept: 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml',
  get: () => '',
  set: (value, input) => write(value, path, imageRefFromUrl(String(input))),
});

const fileReference = (id: string, label: string, path: Path): Field => ({
  ...text(id, label, [...path, 'file'], false),
  set: (value, input) => write(value, path, { kind: 'file', file: String(input).trim() }),
});

/** A list typed as words separated by commas. */
const list = (
  id: string,
  label: string,
  path: Path,
  toItem: (word: string) => unknown,
  ofItem: (item: unknown) => string,
): Field => ({
  id,
  label,
  kind: 'text',
  get: (value) => {
    const items = read(value, path);
    return Array.isArray(items) ? items.map(ofItem).join(', ') : '';
  },
  set: (value, input) => {
    const words = String(input)
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean);
    return write(value, path, words.map(toItem));
  },
});

/** A length in pixels (empty: the natural size). */
const length = (id: string, label: string, path: Path): Field => ({
  id,
  label,
  kind: 'text',
  get: (value) => {
    const found = read(value, path);
    if (typeof found === 'number') return String(found);
    const unit = found as { value?: unknown; unit?: unknown } | undefined;
    return unit && typeof unit.value === 'number' ? String(unit.value) + String(unit.unit ?? '') : '';
  },
  set: (value, input) => {
    const typed = String(input).trim();
    const match = /^(\d+(?:\.\d+)?)\s*(%|px)?$/.exec(typed);
    if (!match) return write(value, path, undefined);
    const amount = Number(match[1]);
    return write(value, path, match[2] === '%' ? { unit: '%', value: amount } : amount);
  },
});

const paragraphsText = (paragraphs: unknown): string =>
  Array.isArray(paragraphs)
    ? paragraphs
        .map((paragraph: { nodes?: { leaves?: { text: string }[] }[] }) =>
          (paragraph.nodes ?? [])
            .map((node) => (node.leaves ?? []).map((leaf) => leaf.text).join(''))
            .join(''),
        )
        .join(' ')
    : '';

const paragraphOf = (input: string) => ({
  object: 'block',
  type: 'paragraph',
  nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: input, marks: [] }] }],
});

/** An image's caption: its one fragment named `caption` (none when empty). */
const caption = (id: string, label: string, path: Path): Field => ({
  id,
  label,
  kind: 'text',
  get: (value) => paragraphsText(read(value, [...path, 0, 'nodes'])),
  set: (value, input) =>
    write(
      value,
      path,
      input === '' ? [] : [{ object: 'fragment', fragment: 'caption', nodes: [paragraphOf(String(input))] }],
    ),
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;

const codeText = (id: string, label: string): Field => ({
  id,
  label,
  kind: 'textarea',
  get: (value) => {
    const lines = read(value, ['nodes', 0, 'nodes']);
    return Array.isArray(lines)
      ? lines
          .map((line: { nodes?: { leaves?: { text: string }[] }[] }) =>
            (line.nodes ?? []).map((node) => (node.leaves ?? []).map((leaf) => leaf.text).join('')).join(''),
          )
          .join('\n')
      : '';
  },
  set: (value, input) =>
    write(
      value,
      ['nodes', 0, 'nodes'],
      String(input)
        .split('\n')
        .map((line) => ({
          object: 'block',
          type: 'code-line',
          data: {},
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }],
        })),
    ),
});

/** Fields of the editor's own nodes, on GitBook's `data`. */
const NODE_FIELDS: Record<string, { label: string; fields: Field[] }> = {
  // (A tab's title is typed in its tab bar, `tabs-view.tsx`.)
  tabsItem: { label: 'Tab', fields: [text('icon', 'Tab icon', ['icon'])] },
  stepperStep: { label: 'Step', fields: [text('icon', 'Step icon', ['icon'])] },
  expandable: {
    label: 'Expandable',
    fields: [checkbox('open', 'Open by default', ['defaultExpanded'], true, undefined)],
  },
  column: { label: 'Column', fields: [length('width', 'Column width (px or %)', ['width'])] },
  updates: {
    label: 'Updates',
    fields: [select('format', 'Date format', ['format'], ['full', 'short', 'numeric'])],
  },
  update: {
    label: 'Update',
    fields: [
      text('date', 'Update date', ['date'], false),
      list(
        'tags',
        'Update tags',
        ['tags'],
        (tag) => ({ kind: 'tag', tag }),
        (item) => String((item as { tag?: unknown }).tag ?? ''),
      ),
    ],
  },
  conditional: {
    label: 'Conditional content',
    fields: [text('condition', 'Shown when (expression)', ['expression'], false)],
  },
  codeBlock: {
    label: 'Code block',
    fields: [
      text('title', 'Code title', ['title']),
      checkbox('lines', 'Line numbers', ['lineNumbers'], true, undefined),
      checkbox('wrap', 'Wrap lines', ['overflow'], 'wrap', undefined),
    ],
  },
  hint: { label: 'Hint', fields: [text('icon', 'Hint icon', ['icon'])] },
  mention: { label: 'Mention', fields: [reference('target', 'Mentioned', ['ref'])] },
  fileByUrl: {
    label: 'File',
    fields: [
      text('src', 'File address (https://...)', ['src'], false),
      text('caption', 'File caption', ['caption'], false),
    ],
  },
};

/** Fields of the blocks kept whole, on their JSON. */
const BLOCK_FIELDS: Record<string, (block: Value) => Field[]> = {
  images: () => [
    reference('src', 'Image address', ['nodes', 0, 'data', 'ref']),
    text('alt', 'Alt text', ['nodes', 0, 'data', 'alt']),
    caption('caption', 'Caption', ['nodes', 0, 'fragments']),
    length('width', 'Width (px or %)', ['nodes', 0, 'data', 'width']),
    {
      ...reference('dark', 'Dark mode image address', ['nodes', 0, 'data', 'refDark']),
      set: (value, input) =>
        write(
          value,
          ['nodes', 0, 'data', 'refDark'],
          input === '' ? undefined : linkRefFromUrl(String(input).trim()),
        ),
    },
    checkbox('frame', 'Framed', ['data', 'withFrame'], true, undefined),
    upload('upload', 'Upload an image', ['nodes', 0, 'data', 'ref']),
    upload('uploadDark', 'Upload a dark mode image', ['nodes', 0, 'data', 'refDark']),
  ],
  embed: () => [text('url', 'Embedded address', ['data', 'url'], false)],
  'content-ref': () => [reference('target', 'Linked page (/pages/<id> or address)', ['data', 'ref'])],
  file: () => [fileReference('file', 'File id', ['data', 'ref'])],
  drawing: () => [fileReference('file', 'Drawing file id', ['data', 'ref'])],
  math: () => [textarea('formula', 'Formula (LaTeX)', ['data', 'formula'])],
  'reusable-content': () => [text('id', 'Reusable content id', ['data', 'ref', 'reusableContent'], false)],
  swagger: () => [
    reference('spec', 'Specification address', ['data', 'ref']),
    text('path', 'Path', ['data', 'path'], false),
    select('method', 'Method', ['data', 'method'], METHODS),
  ],
  'openapi-operation': () => [
    text('spec', 'Specification', ['data', 'ref', 'spec'], false),
    text('path', 'Path', ['data', 'path'], false),
    select('method', 'Method', ['data', 'method'], METHODS),
  ],
  'openapi-schemas': () => [
    text('spec', 'Specification', ['data', 'ref', 'spec'], false),
    list('schemas', 'Schemas', ['data', 'schemas'], String, String),
  ],
  'openapi-webhook': () => [
    text('spec', 'Specification', ['data', 'ref', 'spec'], false),
    text('name', 'Webhook', ['data', 'name'], false),
    select('method', 'Method', ['data', 'method'], METHODS),
  ],
  prompt: () => [
    text('description', 'Description', ['data', 'description'], false),
    codeText('prompt', 'Prompt'),
  ],
  table: cardsFields,
};

/** Fields of the inlines kept whole. */
const INLINE_FIELDS: Record<string, Field[]> = {
  button: [
    text('label', 'Button label', ['data', 'label'], false),
    reference('url', 'Button link', ['data', 'ref']),
    select('kind', 'Button kind', ['data', 'kind'], ['primary', 'secondary']),
  ],
  'inline-math': [text('formula', 'Formula (LaTeX)', ['data', 'formula'], false)],
  icon: [text('icon', 'Icon name', ['data', 'icon'], false)],
  expression: [text('expression', 'Variable expression', ['data', 'expression'], false)],
  emoji: [text('code', 'Emoji code (hex)', ['data', 'code'], false)],
  mention: [reference('target', 'Mentioned', ['data', 'ref'])],
};

/** The fields of a node, with the attribute they edit; undefined when it has none. */
export function fieldTargetOf(node: ProseMirrorNode): FieldTarget | undefined {
  const name = node.type.name;
  if (name === 'gitbookBlock') {
    const block = (node.attrs.block ?? {}) as Value;
    const type = String(block.type ?? '');
    const fields = BLOCK_FIELDS[type]?.(block) ?? [];
    return fields.length > 0 ? { label: blockName(block), attribute: 'block', fields } : undefined;
  }
  if (name === 'gitbookInline') {
    const inline = (node.attrs.inline ?? {}) as Value;
    const type = String(inline.type ?? '');
    const fields = INLINE_FIELDS[type];
    return fields ? { label: INLINE_NAMES[type] ?? type, attribute: 'inline', fields } : undefined;
  }
  const own = NODE_FIELDS[name];
  return own ? { ...own, attribute: 'data' } : undefined;
}

/** The value a target's fields read: the node's data (an empty object when it has none) or JSON. */
export const fieldValueOf = (node: ProseMirrorNode, attribute: FieldAttribute): Value =>
  (node.attrs[attribute] ?? {}) as Value;
