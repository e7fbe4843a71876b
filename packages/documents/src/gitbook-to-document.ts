import type { Code, PhrasingContent, RootContent } from 'mdast';
import { imageRefFromUrl, isContentRefId, linkRefFromUrl } from './content-ref';
import { childKey, paragraphOf } from './document-nodes';
import type {
  DocumentBlock,
  DocumentBlockImage,
  DocumentBlockTable,
  DocumentFragment,
  DocumentInlineContent,
  DocumentLength,
  DocumentTableDefinition,
  DocumentTableValue,
} from './document-types';
import type { GitbookHeading } from './gitbook-aligned-headings';
import type { GitbookBlock } from './gitbook-blocks';
import type { GitbookHighlightedCode } from './gitbook-highlighted-code';
import type { GitbookCards, GitbookDetails, GitbookFigure } from './gitbook-html';
import { isOpenApiMethod, isOpenApiPath, isOpenApiSpecSlug } from './openapi-operation';

/**
 * GitBook's blocks read from markdown (`gitbookBlock`, `gitbookFigure`, `gitbookCards`,
 * `gitbookDetails` mdast nodes) -> document blocks, for `to-document.ts`. A block whose
 * markdown does not fit its model (a tab outside tabs, a `{% code %}` around anything but one
 * fence, a file that is not `/files/<id>`) gives `undefined`: the caller keeps its source as
 * text. The forms are those `to-markdown.ts` prints; where GitBook has no markdown form for a
 * field, this module and the printer agree on one (see each case).
 */

export type Container =
  | 'root'
  | 'listItem'
  | 'blockquote'
  | 'hint'
  | 'tabs-item'
  | 'stepper-step'
  | 'column'
  | 'update'
  | 'if'
  | 'expandable-body'
  | 'annotation-body';

/** The recursive readers of `to-document.ts`, passed in (no import cycle). */
export interface BlockReader {
  blocksOf(
    nodes: readonly RootContent[],
    container: Container,
    key: string,
    context: unknown,
  ): DocumentBlock[];
  inlinesOf(children: readonly PhrasingContent[], key: string, context: unknown): DocumentInlineContent[];
  plainTextOf(nodes: readonly DocumentInlineContent[]): string;
  codeBlockOf(node: Code, key: string, extra: Record<string, unknown>): DocumentBlock;
}

type Read = DocumentBlock | [DocumentBlock, ...RootContent[]] | undefined;

/** `"true"`/`"false"` -> a boolean; anything else: not given. */
export function booleanAttribute(value: string | undefined): boolean | undefined {
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** `"320"` -> 320 (pixels), `"50%"` -> `{ unit: '%', value: 50 }`. */
export function lengthOfText(value: string | undefined): DocumentLength | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d{1,9}(?:\.\d{1,6})?)(%|[a-z]{1,8})?$/.exec(value.trim());
  if (match === null) return undefined;
  const number = Number(match[1]);
  return match[2] === undefined ? number : { unit: match[2], value: number };
}

export function textOfLength(length: DocumentLength): string {
  return typeof length === 'number' ? String(length) : String(length.value) + length.unit;
}

/** Only the given attributes, those present. */
function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}

function childBlocks(node: GitbookBlock, name: string): GitbookBlock[] | undefined {
  const children = node.children as RootContent[];
  return children.every((child) => child.type === 'gitbookBlock' && child.name === name)
    ? (children as GitbookBlock[])
    : undefined;
}

/** The content of a pointer block (`{% content-ref %}`, `{% openapi %}`): nothing or one link line. */
function isPointerContent(node: GitbookBlock): boolean {
  if (node.children.length === 0) return true;
  const [only, ...rest] = node.children;
  return (
    rest.length === 0 &&
    only?.type === 'paragraph' &&
    only.children.every(
      (child) => child.type === 'link' || (child.type === 'text' && child.value.trim() === ''),
    )
  );
}

export const reusableContentPrefix = '/reusable-contents/';

/** The attribute of an integration block's props that are not one-line strings, as JSON (`gitbook-to-markdown.ts`). */
export const jsonPropsAttribute = 'json-props';

/** An integration block's props: its attributes, those in `json-props` merged in (when it is a JSON object). */
function integrationProps(attributes: Readonly<Record<string, string>>): Record<string, unknown> {
  const { [jsonPropsAttribute]: json, ...props } = attributes;
  if (json === undefined) return props;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ...attributes };
  return { ...props, ...(parsed as Record<string, unknown>) };
}

export function blockOfGitbook(node: GitbookBlock, key: string, reader: BlockReader, context: unknown): Read {
  const { attributes: a } = node;
  const nested = (children: readonly RootContent[], container: Container, childKeyOf: string) =>
    reader.blocksOf(children, container, childKeyOf, context);
  if (node.name.startsWith('@')) {
    const [integration, block] = node.name.slice(1).split('/') as [string, string];
    return {
      object: 'block',
      type: 'integration',
      key,
      isVoid: true,
      data: { integration, block, props: integrationProps(a) },
    };
  }
  switch (node.name) {
    case 'tabs': {
      const tabs = childBlocks(node, 'tab');
      if (tabs === undefined || tabs.length === 0) return undefined;
      return {
        object: 'block',
        type: 'tabs',
        key,
        data: defined({ fullWidth: booleanAttribute(a.fullWidth) }),
        nodes: tabs.map((tab, index) => {
          const tabKey = childKey(key, index);
          return {
            object: 'block',
            type: 'tabs-item',
            key: tabKey,
            data: defined({
              title: tab.attributes.title,
              icon: tab.attributes.icon,
              slug: tab.attributes.slug,
            }),
            nodes: nested(tab.children, 'tabs-item', tabKey),
          };
        }),
      };
    }
    case 'stepper': {
      const steps = childBlocks(node, 'step');
      if (steps === undefined || steps.length === 0) return undefined;
      return {
        object: 'block',
        type: 'stepper',
        key,
        data: {},
        nodes: steps.map((step, index) => {
          const stepKey = childKey(key, index);
          return {
            object: 'block',
            type: 'stepper-step',
            key: stepKey,
            data: defined({ icon: step.attributes.icon }),
            nodes: nested(step.children, 'stepper-step', stepKey),
          };
        }),
      };
    }
    case 'columns': {
      const columns = childBlocks(node, 'column');
      if (columns === undefined || columns.length === 0) return undefined;
      return {
        object: 'block',
        type: 'columns',
        key,
        isVoid: false,
        data: defined({ fullWidth: booleanAttribute(a.fullWidth) }),
        nodes: columns.map((column, index) => {
          const columnKey = childKey(key, index);
          const align = column.attributes.valign;
          return {
            object: 'block',
            type: 'column',
            key: columnKey,
            data: defined({
              width: lengthOfText(column.attributes.width),
              verticalAlignment:
                align === 'top' || align === 'middle' || align === 'bottom' ? align : undefined,
            }),
            nodes: nested(column.children, 'column', columnKey),
          };
        }),
      };
    }
    case 'updates': {
      const updates = childBlocks(node, 'update');
      if (updates === undefined || updates.some((update) => !update.attributes.date)) return undefined;
      const format = a.format === 'numeric' || a.format === 'short' ? a.format : 'full';
      return {
        object: 'block',
        type: 'updates',
        key,
        data: { format },
        nodes: updates.map((update, index) => {
          const updateKey = childKey(key, index);
          const tags = update.attributes.tags
            ?.split(',')
            .map((tag) => tag.trim())
            .filter((tag) => tag !== '');
          return {
            object: 'block',
            type: 'update',
            key: updateKey,
            data: {
              date: update.attributes.date!,
              ...(tags === undefined || tags.length === 0
                ? {}
                : { tags: tags.map((tag) => ({ kind: 'tag' as const, tag })) }),
            },
            nodes: nested(update.children, 'update', updateKey),
          };
        }),
      };
    }
    case 'code': {
      const [only, ...rest] = node.children;
      if (only?.type !== 'code' || rest.length > 0) return undefined;
      const overflow = a.overflow === 'wrap' || a.overflow === 'scroll' ? a.overflow : undefined;
      const collapsed = a.collapsedLineCount === undefined ? undefined : Number(a.collapsedLineCount);
      return reader.codeBlockOf(
        only,
        key,
        defined({
          title: a.title,
          overflow,
          lineNumbers: booleanAttribute(a.lineNumbers),
          fullWidth: booleanAttribute(a.fullWidth),
          expandable: booleanAttribute(a.expandable),
          collapsedLineCount:
            collapsed !== undefined && Number.isInteger(collapsed) && collapsed >= 1 ? collapsed : undefined,
        }),
      );
    }
    case 'embed': {
      if (!a.url) return undefined;
      const embed: DocumentBlock = {
        object: 'block',
        type: 'embed',
        key,
        isVoid: true,
        data: defined({ url: a.url, fullWidth: booleanAttribute(a.fullWidth) }) as { url: string },
      };
      // GitBook's embed has no caption in its model: the caption stays, as blocks after it.
      return [embed, ...(node.children as RootContent[])];
    }
    case 'file': {
      const ref = a.src === undefined ? undefined : imageRefFromUrl(a.src);
      if (ref?.kind !== 'file') return undefined;
      const file: DocumentBlock = { object: 'block', type: 'file', key, isVoid: true, data: { ref } };
      return [file, ...(node.children as RootContent[])];
    }
    case 'drawing': {
      // Not GitBook's markdown (it has none for drawings): `{% drawing src="/files/<id>" %}`.
      const ref = a.src === undefined ? undefined : imageRefFromUrl(a.src);
      if ((ref !== undefined && ref.kind !== 'file') || node.children.length > 0) return undefined;
      return { object: 'block', type: 'drawing', key, isVoid: true, data: ref === undefined ? {} : { ref } };
    }
    case 'content-ref':
      if (!a.url || !isPointerContent(node)) return undefined;
      return {
        object: 'block',
        type: 'content-ref',
        key,
        isVoid: true,
        data: { ref: linkRefFromUrl(a.url) },
      };
    case 'include': {
      const path = node.argument;
      if (!path) return undefined;
      const id = path.startsWith(reusableContentPrefix)
        ? path.slice(reusableContentPrefix.length)
        : undefined;
      if (id !== undefined && isContentRefId(id)) {
        return {
          object: 'block',
          type: 'reusable-content',
          key,
          isVoid: true,
          data: { ref: { kind: 'reusable-content', reusableContent: id } },
        };
      }
      // A Git Sync path, not yet resolved to an id: the path stands for the id until then.
      return {
        object: 'block',
        type: 'reusable-content',
        key,
        isVoid: true,
        data: { ref: { kind: 'reusable-content', reusableContent: path } },
        path,
      };
    }
    case 'if':
      if (!node.argument) return undefined;
      return {
        object: 'block',
        type: 'if',
        key,
        data: { expression: node.argument },
        nodes: nested(node.children, 'if', key) as never,
      };
    case 'prompt': {
      // GitBook's markdown: `{% prompt description="..." %}` right around one fence. Other content
      // (a prompt of paragraphs) is not GitBook's form and stays text.
      const [only, ...rest] = node.children;
      if (only?.type !== 'code' || rest.length > 0) return undefined;
      const expanded = a.defaultExpanded;
      return {
        object: 'block',
        type: 'prompt',
        key,
        data: {
          description: a.description ?? '',
          ...defined({
            icon: a.icon,
            openInAIProviders: booleanAttribute(a.openInAIProviders),
            defaultExpanded:
              expanded === 'hidden' || expanded === 'partial' || expanded === 'full' ? expanded : undefined,
          }),
        },
        nodes: [reader.codeBlockOf(only, childKey(key, 0), {}) as never],
      };
    }
    case 'openapi':
    case 'swagger': {
      if (!a.src || !a.path || !a.method || !isPointerContent(node)) return undefined;
      if (!isOpenApiPath(a.path) || !isOpenApiMethod(a.method)) return undefined;
      return {
        object: 'block',
        type: 'swagger',
        key,
        isVoid: true,
        data: {
          ref: imageRefFromUrl(a.src),
          path: a.path,
          method: a.method,
          ...defined({ expanded: booleanAttribute(a.expanded), fullWidth: booleanAttribute(a.fullWidth) }),
        },
      };
    }
    case 'openapi-schemas': {
      if (!a.spec || !a.schemas || !isOpenApiSpecSlug(a.spec) || !isPointerContent(node)) return undefined;
      const schemas = a.schemas
        .split(',')
        .map((schema) => schema.trim())
        .filter((schema) => schema !== '');
      if (schemas.length === 0) return undefined;
      return {
        object: 'block',
        type: 'openapi-schemas',
        key,
        isVoid: true,
        data: {
          ref: { kind: 'openapi', spec: a.spec },
          schemas,
          ...defined({ grouped: booleanAttribute(a.grouped), title: a.title }),
        },
      };
    }
    case 'openapi-webhook': {
      if (!a.spec || !a.name || !a.method || !isOpenApiSpecSlug(a.spec) || !isPointerContent(node))
        return undefined;
      if (!isOpenApiMethod(a.method)) return undefined;
      return {
        object: 'block',
        type: 'openapi-webhook',
        key,
        isVoid: true,
        data: { ref: { kind: 'openapi', spec: a.spec }, name: a.name, method: a.method },
      };
    }
    default:
      return undefined;
  }
}

function captionFragment(
  caption: readonly PhrasingContent[],
  key: string,
  reader: BlockReader,
  context: unknown,
): DocumentFragment[] {
  if (caption.length === 0) return [];
  const fragmentKey = childKey(key, 'caption');
  const nodes = reader.inlinesOf(caption, fragmentKey, context);
  if (nodes.length === 0) return [];
  return [
    {
      object: 'fragment',
      key: fragmentKey,
      fragment: 'caption',
      nodes: [paragraphOf(childKey(fragmentKey, 0), nodes)],
    },
  ];
}

/** `<pre>` code with highlighted lines (`gitbook-highlighted-code.ts`): a code block. */
export function highlightedCodeOf(
  node: GitbookHighlightedCode,
  key: string,
  reader: BlockReader,
): DocumentBlock {
  const a = node.attributes;
  const overflow = a.overflow === 'wrap' || a.overflow === 'scroll' ? a.overflow : undefined;
  const collapsed = a['collapsed-line-count'] === undefined ? undefined : Number(a['collapsed-line-count']);
  const code = reader.codeBlockOf(
    {
      type: 'code',
      lang: node.syntax ?? null,
      meta: null,
      value: node.lines.map((line) => line.text).join('\n'),
    },
    key,
    defined({
      title: a.title,
      overflow,
      lineNumbers: booleanAttribute(a['line-numbers']),
      fullWidth: booleanAttribute(a['full-width']),
      expandable: booleanAttribute(a.expandable),
      collapsedLineCount:
        collapsed !== undefined && Number.isInteger(collapsed) && collapsed >= 1 ? collapsed : undefined,
    }),
  ) as DocumentBlock & { type: 'code' };
  code.nodes.forEach((line, index) => {
    if (node.lines[index]?.highlighted) line.data = { highlighted: true };
  });
  return code;
}

/** GitBook's aligned heading (`<h2 align="center">`): a heading with `data.align` (and its id). */
export function alignedHeadingOf(
  node: GitbookHeading,
  key: string,
  reader: BlockReader,
  context: unknown,
): DocumentBlock {
  const level = Math.min(node.depth, 3) as 1 | 2 | 3;
  const align = node.align === 'left' ? 'start' : node.align === 'right' ? 'end' : 'center';
  const nodes = reader.inlinesOf(node.children, key, context);
  return {
    object: 'block',
    type: `heading-${level}`,
    key,
    data: node.id === undefined ? { align } : { id: node.id, align },
    nodes:
      nodes.length === 0 ? [{ object: 'text', leaves: [{ object: 'leaf', text: '', marks: [] }] }] : nodes,
  };
}

export function figureImagesOf(
  figure: GitbookFigure,
  key: string,
  reader: BlockReader,
  context: unknown,
): DocumentBlock {
  const imageKey = childKey(key, 0);
  const width = lengthOfText(figure.width);
  const height = lengthOfText(figure.height);
  const image: DocumentBlockImage = {
    object: 'block',
    type: 'image',
    key: imageKey,
    isVoid: true,
    data: {
      ref: imageRefFromUrl(figure.url),
      ...(figure.darkUrl === undefined ? {} : { refDark: imageRefFromUrl(figure.darkUrl) }),
      ...(figure.alt === '' ? {} : { alt: figure.alt }),
      ...(width === undefined ? {} : { width }),
      ...(height === undefined ? {} : { height }),
    },
    fragments: captionFragment(figure.caption, imageKey, reader, context),
  };
  const data = defined({ align: figure.align, fullWidth: figure.fullWidth, withFrame: figure.withFrame });
  return { object: 'block', type: 'images', key, isVoid: false, data, nodes: [image] };
}

export function expandableOf(
  details: GitbookDetails,
  key: string,
  reader: BlockReader,
  context: unknown,
): DocumentBlock {
  const titleKey = childKey(key, 'expandable-title');
  const bodyKey = childKey(key, 'expandable-body');
  return {
    object: 'block',
    type: 'expandable',
    key,
    isVoid: true,
    data: details.open ? { defaultExpanded: true } : {},
    fragments: [
      {
        object: 'fragment',
        key: titleKey,
        fragment: 'expandable-title',
        type: 'expandable-title',
        nodes: [paragraphOf(childKey(titleKey, 0), reader.inlinesOf(details.summary, titleKey, context))],
      },
      {
        object: 'fragment',
        key: bodyKey,
        fragment: 'expandable-body',
        type: 'expandable-body',
        nodes: reader.blocksOf(details.children as RootContent[], 'expandable-body', bodyKey, context),
      },
    ],
  };
}

/** The column types a cards table may have in markdown, with the reading of their cells. */
const cardsColumnTypes = new Set(['text', 'content-ref', 'files', 'image', 'number', 'checkbox']);

function linksOfCell(cell: readonly PhrasingContent[]): string[] | undefined {
  const urls: string[] = [];
  for (const node of cell) {
    if (node.type === 'link') urls.push(node.url);
    else if (node.type !== 'break' && !(node.type === 'text' && node.value.trim() === '')) return undefined;
  }
  return urls;
}

function plainCellText(cell: readonly PhrasingContent[]): string | undefined {
  let text = '';
  for (const node of cell) {
    if (node.type !== 'text') return undefined;
    text += node.value;
  }
  return text.trim();
}

/**
 * GitBook's cards (`<table data-view="cards">`) as a table with the cards view: one column
 * definition per header cell (`data-type`, text by default), hidden columns out of the view,
 * `data-card-target`/`data-card-cover`/`data-card-cover-dark` naming the view's target and
 * covers. A cell that does not fit its column's type leaves the whole table as text.
 */
export function cardsTableOf(
  cards: GitbookCards,
  key: string,
  reader: BlockReader,
  context: unknown,
): DocumentBlock | undefined {
  const ids = cards.columns.map((_, index) => 'c' + index);
  const definition: Record<string, DocumentTableDefinition> = {};
  const viewColumns: string[] = [];
  let target: string | undefined;
  let cover: string | undefined;
  let coverDark: string | undefined;
  for (const [index, column] of cards.columns.entries()) {
    const id = ids[index]!;
    const type = column.attributes['data-type'] ?? 'text';
    if (!cardsColumnTypes.has(type)) return undefined;
    const title = reader.plainTextOf(reader.inlinesOf(column.title, childKey(key, id), context));
    definition[id] =
      type === 'text'
        ? { id, title, type: 'text', textAlignment: 'left' }
        : ({
            id,
            title,
            type: type as Exclude<DocumentTableDefinition['type'], 'text'> & string,
          } as DocumentTableDefinition);
    if (column.attributes['data-hidden'] === undefined) viewColumns.push(id);
    if (column.attributes['data-card-target'] !== undefined) target ??= id;
    if (column.attributes['data-card-cover'] !== undefined) cover ??= id;
    if (column.attributes['data-card-cover-dark'] !== undefined) coverDark ??= id;
  }
  const records: DocumentBlockTable['data']['records'] = {};
  const fragments: DocumentFragment[] = [];
  for (const [rowIndex, row] of cards.rows.entries()) {
    const recordId = 'r' + rowIndex;
    const values: Record<string, DocumentTableValue> = {};
    for (const [columnIndex, cell] of row.entries()) {
      const id = ids[columnIndex]!;
      const type = definition[id]!.type;
      if (type === 'text') {
        const name = recordId + id;
        const fragmentKey = childKey(key, name);
        fragments.push({
          object: 'fragment',
          key: fragmentKey,
          fragment: name,
          nodes: [paragraphOf(childKey(fragmentKey, 0), reader.inlinesOf(cell, fragmentKey, context))],
        });
        values[id] = name;
        continue;
      }
      if (type === 'number' || type === 'checkbox') {
        const text = plainCellText(cell);
        if (text === undefined) return undefined;
        if (text === '') values[id] = null;
        else if (type === 'number' && Number.isFinite(Number(text))) values[id] = Number(text);
        else if (type === 'checkbox' && (text === 'true' || text === 'false')) values[id] = text === 'true';
        else return undefined;
        continue;
      }
      const urls = linksOfCell(cell);
      if (urls === undefined || (type !== 'files' && urls.length > 1)) return undefined;
      if (urls.length === 0) {
        values[id] = null;
      } else if (type === 'content-ref') {
        values[id] = linkRefFromUrl(urls[0]!);
      } else if (type === 'image') {
        values[id] = imageRefFromUrl(urls[0]!);
      } else {
        const files = urls.map(imageRefFromUrl);
        if (files.some((file) => file.kind !== 'file')) return undefined;
        values[id] = files.map((file) => (file as { file: string }).file);
      }
    }
    records[recordId] = { orderIndex: String(rowIndex).padStart(6, '0'), values };
  }
  const size = cards.attributes['data-card-size'];
  return {
    object: 'block',
    type: 'table',
    key,
    isVoid: true,
    data: {
      view: {
        type: 'cards',
        cardSize: size === 'large' ? 'large' : 'medium',
        columns: viewColumns,
        ...defined({
          targetDefinition: target,
          coverDefinition: cover,
          coverDefinitionDark: coverDark,
          hideColumnTitle: cards.attributes['data-column-title-hidden'] === undefined ? undefined : true,
        }),
      },
      records,
      definition,
    },
    fragments,
  };
}
