import type { BlockContent, Code, Paragraph, PhrasingContent } from 'mdast';
import { urlOfRef } from './content-ref';
import type {
  DocumentBlock,
  DocumentBlockImage,
  DocumentBlockTable,
  DocumentFragment,
  DocumentInlineContent,
  DocumentTableValue,
} from './document-types';
import type { GitbookBlock } from './gitbook-blocks';
import type { CardsColumn, GitbookCards, GitbookDetails, GitbookFigure } from './gitbook-html';
import { jsonPropsAttribute, reusableContentPrefix, textOfLength } from './gitbook-to-document';

/**
 * Document blocks -> GitBook's markdown (mdast nodes printed by `gitbook-blocks.ts` and
 * `gitbook-html-print.ts`), for `to-markdown.ts`; the inverse of `gitbook-to-document.ts`.
 * Attributes are written in one order, only those given, booleans as `"true"`/`"false"`.
 */

export interface BlockWriter {
  flowOf(blocks: readonly DocumentBlock[]): BlockContent[];
  phrasingOf(nodes: readonly DocumentInlineContent[]): PhrasingContent[];
  codeOf(block: DocumentBlock & { type: 'code' }): Code;
}

type Attributes = Record<string, string | number | boolean | undefined>;

function attributesOf(values: Attributes): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined) out[name] = String(value);
  return out;
}

function tag(
  name: string,
  attributes: Attributes,
  children: BlockContent[] | undefined,
  argument?: string,
): GitbookBlock {
  return {
    type: 'gitbookBlock',
    name,
    attributes: attributesOf(attributes),
    ...(argument === undefined ? {} : { argument }),
    closed: children !== undefined,
    children: children ?? [],
  };
}

function paragraphsOf(fragment: DocumentFragment | undefined): Array<DocumentBlock & { type: 'paragraph' }> {
  return (fragment?.nodes ?? []).filter(
    (node): node is DocumentBlock & { type: 'paragraph' } => node.type === 'paragraph',
  );
}

/** A fragment's paragraphs as one line of phrasing content (paragraphs apart by a line break). */
function fragmentPhrasing(fragment: DocumentFragment | undefined, writer: BlockWriter): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const paragraph of paragraphsOf(fragment)) {
    const phrasing = writer.phrasingOf(paragraph.nodes);
    if (phrasing.length === 0) continue;
    if (out.length > 0) out.push({ type: 'break' });
    out.push(...phrasing);
  }
  return out;
}

/**
 * An image's caption as plain text for a markdown image's title: `''` without caption,
 * undefined when the caption has marks or inlines (then the image is written as a figure).
 */
export function plainCaptionOf(fragments: readonly DocumentFragment[]): string | undefined {
  const caption = fragments.find((fragment) => fragment.fragment === 'caption');
  const paragraphs = paragraphsOf(caption);
  if (paragraphs.length > 1) return undefined;
  let text = '';
  for (const node of paragraphs[0]?.nodes ?? []) {
    if (node.object !== 'text') return undefined;
    for (const leaf of node.leaves) {
      if (leaf.marks.length > 0) return undefined;
      text += leaf.text;
    }
  }
  return text.replaceAll('\n', ' ');
}

export function figureOf(
  image: DocumentBlockImage,
  writer: BlockWriter,
  layout: Pick<GitbookFigure, 'align' | 'fullWidth' | 'withFrame'> = {},
): GitbookFigure {
  const { ref, refDark, alt, width, height } = image.data;
  return {
    type: 'gitbookFigure',
    ...layout,
    url: urlOfRef(ref),
    alt: (alt ?? '').replaceAll('\n', ' '),
    ...(refDark === undefined ? {} : { darkUrl: urlOfRef(refDark) }),
    ...(width === undefined ? {} : { width: textOfLength(width) }),
    ...(height === undefined ? {} : { height: textOfLength(height) }),
    caption: fragmentPhrasing(
      (image.fragments ?? []).find((fragment) => fragment.fragment === 'caption'),
      writer,
    ),
  };
}

function linkTo(url: string): PhrasingContent {
  return { type: 'link', url, children: [{ type: 'text', value: url }] };
}

function cellOf(
  value: DocumentTableValue | undefined,
  type: string,
  fragments: ReadonlyMap<string, DocumentFragment>,
  writer: BlockWriter,
): PhrasingContent[] {
  if (value === null || value === undefined) return [];
  switch (type) {
    case 'text':
      return typeof value === 'string' ? fragmentPhrasing(fragments.get(value), writer) : [];
    case 'number':
    case 'checkbox':
      return [{ type: 'text', value: String(value) }];
    case 'files':
      return Array.isArray(value) ? value.map((file) => linkTo('/files/' + file)) : [];
    default:
      return typeof value === 'object' && !Array.isArray(value) ? [linkTo(urlOfRef(value as never))] : [];
  }
}

function cardsOf(table: DocumentBlockTable, writer: BlockWriter): GitbookCards | undefined {
  const { view, definition, records } = table.data;
  if (view.type !== 'cards') return undefined;
  const visible = view.columns.filter((id) => definition[id] !== undefined);
  const hidden = Object.keys(definition).filter((id) => !visible.includes(id));
  const ids = [...visible, ...hidden];
  const columns: CardsColumn[] = ids.map((id) => {
    const column = definition[id]!;
    const attributes: Record<string, string> = {};
    if (hidden.includes(id)) attributes['data-hidden'] = '';
    if (view.targetDefinition === id) attributes['data-card-target'] = '';
    if (view.coverDefinition === id) attributes['data-card-cover'] = '';
    if (view.coverDefinitionDark === id) attributes['data-card-cover-dark'] = '';
    if (column.type !== 'text') attributes['data-type'] = column.type;
    const title = column.title.replaceAll('\n', ' ');
    return { attributes, title: title === '' ? [] : [{ type: 'text', value: title }] };
  });
  const fragments = new Map((table.fragments ?? []).map((fragment) => [fragment.fragment, fragment]));
  const rows = Object.entries(records)
    .sort(([idA, a], [idB, b]) =>
      a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : idA < idB ? -1 : idA > idB ? 1 : 0,
    )
    .map(([, record]) => ids.map((id) => cellOf(record.values[id], definition[id]!.type, fragments, writer)));
  const attributes: Record<string, string> = {};
  if (view.cardSize === 'large') attributes['data-card-size'] = 'large';
  attributes['data-view'] = 'cards';
  if (view.hideColumnTitle) attributes['data-column-title-hidden'] = '';
  return { type: 'gitbookCards', attributes, columns, rows };
}

function pointerLine(url: string): Paragraph {
  return { type: 'paragraph', children: [linkTo(url)] };
}

/** The markdown of one of GitBook's blocks, or undefined for those `to-markdown.ts` writes itself. */
export function gitbookBlockToMdast(block: DocumentBlock, writer: BlockWriter): BlockContent[] | undefined {
  const flow = (blocks: readonly DocumentBlock[]) => writer.flowOf(blocks);
  switch (block.type) {
    case 'code': {
      const { title, overflow, lineNumbers, fullWidth, expandable, collapsedLineCount } = block.data ?? {};
      const attributes = { title, overflow, lineNumbers, fullWidth, expandable, collapsedLineCount };
      if (Object.values(attributes).every((value) => value === undefined)) return undefined;
      return [tag('code', attributes, [writer.codeOf(block)])];
    }
    case 'image':
      return [figureOf(block, writer)];
    case 'table': {
      const cards = cardsOf(block, writer);
      return cards === undefined ? undefined : [cards];
    }
    case 'math':
      return [{ type: 'math', value: block.data.formula }];
    case 'embed':
      return [tag('embed', { url: block.data.url, fullWidth: block.data.fullWidth }, undefined)];
    case 'file':
      return [tag('file', { src: urlOfRef(block.data.ref) }, undefined)];
    case 'drawing':
      // GitBook's form, `<img class="gitbook-drawing">`; without a file (nothing drawn yet), a
      // void `{% drawing %}` tag (not GitBook's: it writes nothing for an empty drawing).
      return block.data.ref === undefined
        ? [tag('drawing', {}, undefined)]
        : [{ type: 'gitbookDrawing', url: urlOfRef(block.data.ref) }];
    case 'content-ref': {
      const url = urlOfRef(block.data.ref as never);
      return [tag('content-ref', { url }, [pointerLine(url)])];
    }
    case 'reusable-content': {
      const path = block.path ?? reusableContentPrefix + block.data.ref.reusableContent;
      return [tag('include', {}, undefined, path)];
    }
    case 'integration': {
      // GitBook's form: each prop an attribute (`{% @mermaid/diagram content="..." %}`). A prop
      // an attribute cannot hold (not a string of one line) goes, as JSON, into one attribute
      // `json-props` (not GitBook's: its reader passes it to the block as one more string prop).
      const props: Record<string, string> = {};
      const json: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(block.data.props)) {
        if (typeof value === 'string' && !/[\r\n]/.test(value) && name !== jsonPropsAttribute)
          props[name] = value;
        else json[name] = value;
      }
      if (Object.keys(json).length > 0) props[jsonPropsAttribute] = JSON.stringify(json);
      return [tag('@' + block.data.integration + '/' + block.data.block, props, undefined)];
    }
    case 'prompt': {
      // GitBook's markdown: `{% prompt %}` right around the code block (printed tight, see
      // `printGitbookBlock`), its attributes in GitBook's order.
      const { description, icon, openInAIProviders, defaultExpanded } = block.data;
      const code = block.nodes[0];
      return [
        tag(
          'prompt',
          { description, icon, openInAIProviders, defaultExpanded },
          code === undefined ? [] : [writer.codeOf(code)],
        ),
      ];
    }
    case 'tabs':
      return [
        tag(
          'tabs',
          { fullWidth: block.data?.fullWidth },
          block.nodes.map((item) =>
            tag(
              'tab',
              { title: item.data.title, icon: item.data.icon, slug: item.data.slug },
              flow(item.nodes),
            ),
          ),
        ),
      ];
    case 'stepper':
      return [
        tag(
          'stepper',
          {},
          block.nodes.map((step) => tag('step', { icon: step.data.icon }, flow(step.nodes))),
        ),
      ];
    case 'columns':
      return [
        tag(
          'columns',
          { fullWidth: block.data.fullWidth },
          block.nodes.map((column) =>
            tag(
              'column',
              {
                width: column.data.width === undefined ? undefined : textOfLength(column.data.width),
                valign: column.data.verticalAlignment,
              },
              flow(column.nodes),
            ),
          ),
        ),
      ];
    case 'updates':
      return [
        tag(
          'updates',
          { format: block.data.format },
          block.nodes.map((update) =>
            tag(
              'update',
              {
                date: update.data.date,
                tags: update.data.tags?.map((ref) => ref.tag).join(',') || undefined,
              },
              flow(update.nodes),
            ),
          ),
        ),
      ];
    case 'if':
      return [tag('if', {}, flow(block.nodes), block.data.expression)];
    case 'expandable': {
      const title = block.fragments.find((fragment) => fragment.fragment === 'expandable-title');
      const body = block.fragments.find((fragment) => fragment.fragment === 'expandable-body');
      const details: GitbookDetails = {
        type: 'gitbookDetails',
        open: block.data.defaultExpanded === true,
        summary: fragmentPhrasing(title, writer),
        children: flow(body?.nodes ?? []),
      };
      return [details];
    }
    case 'swagger': {
      const { ref, path, method, expanded, fullWidth } = block.data;
      return [tag('openapi', { src: urlOfRef(ref), path, method, expanded, fullWidth }, [])];
    }
    case 'openapi-schemas': {
      const { ref, schemas, grouped, title } = block.data;
      return [
        tag('openapi-schemas', { spec: ref.spec, schemas: schemas.join(','), grouped, title }, undefined),
      ];
    }
    case 'openapi-webhook': {
      const { ref, name, method } = block.data;
      return [tag('openapi-webhook', { spec: ref.spec, name, method }, undefined)];
    }
    default:
      return undefined;
  }
}
