/**
 * How HTML that says it is one of GitBook's blocks becomes that block when imported
 * (`htmlToMarkdown`'s handlers for rehype-remark):
 *
 * 1. An `<aside>`, or any element whose class names an admonition (`admonition`,
 *    `markdown-alert`, `callout`, `alert`, Docusaurus' `theme-admonition`...), is a hint; its
 *    style comes from the class or `role` (note, info, tip, warning, caution, danger...; info
 *    when nothing says), and its title element (`admonition-title`, `markdown-alert-title`...)
 *    is dropped when it only repeats the kind ("Note"), kept as a bold line otherwise.
 *    A hint inside a hint is its content (GitBook's hints do not nest).
 * 2. A `<figure>` holding one image (in a `<picture>` or not; a `<source>` for the dark
 *    scheme is its dark variant) is GitBook's figure, its `<figcaption>` the caption; a figure
 *    of several images, or of an image whose URL is neither a path nor http(s), is its content.
 * 3. A `<details>` is an expandable (`open` kept), its `<summary>` the title; a `<details>`
 *    inside one is its summary in bold followed by its content (GitBook's expandables do not
 *    nest).
 *
 * 4. An element whose children are one `[role=tablist]` and as many `[role=tabpanel]` (or one
 *    element holding them) as the list has `[role=tab]` is GitBook's tabs, each tab titled by
 *    its tab's text (ARIA's tabs; the website reader gives every tab set that shape). Tabs
 *    inside tabs are their panels' content, each under its title in bold.
 *
 * Nothing here emits raw HTML: every node is mdast, so what the printer writes is escaped
 * text and GitBook's own syntax, never a tag taken from the source.
 */
import type { BlockContent, Nodes, Paragraph, PhrasingContent, RootContent } from 'mdast';
import type { Options as RehypeRemarkOptions } from 'rehype-remark';
import type { DocumentHintStyle } from './document-types';
import type { GitbookBlock } from './gitbook-blocks';
import type { GitbookDetails, GitbookFigure } from './gitbook-html';
import type { Hint } from './hint-syntax';

// hast's types, through rehype-remark (@types/hast is not a direct dependency).
type Handlers = NonNullable<RehypeRemarkOptions['handlers']>;
type Handle = NonNullable<Handlers[string]>;
type State = Parameters<Handle>[0];
type Element = Parameters<Handle>[1];
type ElementContent = Element['children'][number];
type Parents = NonNullable<Parameters<Handle>[2]>;

/** Words of a class or role naming a hint's kind, to the GitBook style it reads as. */
const STYLE_OF_KIND = new Map<string, DocumentHintStyle>([
  ['note', 'info'],
  ['info', 'info'],
  ['information', 'info'],
  ['important', 'info'],
  ['seealso', 'info'],
  ['hint', 'info'],
  ['abstract', 'info'],
  ['summary', 'info'],
  ['question', 'info'],
  ['primary', 'info'],
  ['secondary', 'info'],
  ['tip', 'success'],
  ['success', 'success'],
  ['check', 'success'],
  ['done', 'success'],
  ['example', 'success'],
  ['warning', 'warning'],
  ['warn', 'warning'],
  ['caution', 'warning'],
  ['attention', 'warning'],
  ['danger', 'danger'],
  ['error', 'danger'],
  ['failure', 'danger'],
  ['fail', 'danger'],
  ['bug', 'danger'],
]);

/** Classes that make an element a callout (its kind in another class, or info). */
const CALLOUT_CLASSES = new Set([
  'admonition',
  'admonitionblock',
  'theme-admonition',
  'markdown-alert',
  'callout',
  'alert',
  'hint',
  'note',
  'notice',
  'warning',
  'tip',
  'danger',
  'caution',
  'important',
]);

/** Classes of a callout's title element. */
const TITLE_CLASSES = new Set([
  'admonition-title',
  'admonition-heading',
  'markdown-alert-title',
  'callout-title',
  'alert-heading',
  'title',
]);

export function classesOf(element: Element): string[] {
  const value: unknown = element.properties?.className;
  if (Array.isArray(value)) return value.map((name) => String(name).toLowerCase());
  return typeof value === 'string' ? value.toLowerCase().split(/\s+/) : [];
}

/** The kind words of a class name: `admonition-note`, `alert--info`, `markdown-alert-warning`. */
function kindWordsOf(className: string): string[] {
  return className.split(/[-_]+/).filter((word) => word !== '');
}

/** The hint style an element's classes or role say, or undefined when it is not a callout. */
export function calloutStyleOf(element: Element): DocumentHintStyle | undefined {
  const classes = classesOf(element);
  const isCallout = element.tagName === 'aside' || classes.some((name) => CALLOUT_CLASSES.has(name));
  if (!isCallout) return undefined;
  const role = typeof element.properties?.role === 'string' ? element.properties.role : '';
  for (const word of [...classes.flatMap(kindWordsOf), role.toLowerCase()]) {
    const style = STYLE_OF_KIND.get(word);
    if (style) return style;
  }
  return 'info';
}

/** The text of a hast node, walked with an explicit stack, whitespace collapsed. */
export function htmlTextOf(node: ElementContent | Parents): string {
  const out: string[] = [];
  const stack: Array<ElementContent | Parents> = [node];
  while (stack.length > 0) {
    const current = stack.pop() as ElementContent | Parents;
    if (current.type === 'text') out.push(current.value);
    else if (current.type === 'element' && (current.tagName === 'script' || current.tagName === 'style'))
      continue;
    if ('children' in current)
      for (let i = current.children.length - 1; i >= 0; i--)
        stack.push(current.children[i] as ElementContent);
  }
  return out.join('').replace(/\s+/g, ' ').trim();
}

/** The conversions inside a callout (by their state): a hint inside a hint is its content. */
const insideCallout = new WeakSet<State>();

function calloutOrFlow(state: State, element: Element): RootContent[] | Hint {
  const style = calloutStyleOf(element);
  if (style === undefined || insideCallout.has(state)) return state.toFlow(state.all(element));
  insideCallout.add(state);
  try {
    const children: ElementContent[] = [];
    const titles: Paragraph[] = [];
    for (const child of element.children) {
      if (child.type === 'element' && classesOf(child).some((name) => TITLE_CLASSES.has(name))) {
        const title = htmlTextOf(child);
        const repeatsKind = title
          .toLowerCase()
          .split(/\W+/)
          .every((word) => word === '' || STYLE_OF_KIND.has(word));
        if (!repeatsKind)
          titles.push({
            type: 'paragraph',
            children: [{ type: 'strong', children: [{ type: 'text', value: title }] }],
          });
        continue;
      }
      children.push(child);
    }
    const content = state.toFlow(state.all({ ...element, children }));
    return { type: 'hint', style, children: [...titles, ...content] as Hint['children'] };
  } finally {
    insideCallout.delete(state);
  }
}

/** The images of a figure (also inside `<picture>` or a link), in order. */
function figureImages(element: Element): Element[] {
  const images: Element[] = [];
  const stack: ElementContent[] = [...element.children].reverse();
  while (stack.length > 0) {
    const current = stack.pop() as ElementContent;
    if (current.type !== 'element' || current.tagName === 'figcaption') continue;
    if (current.tagName === 'img') images.push(current);
    for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i] as ElementContent);
  }
  return images;
}

/** Image URLs a figure may keep: a path, or http(s) (an import's own `quire-import:` refs too). */
function isFigureUrl(url: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'quire-import';
}

function stringProperty(element: Element, name: string): string | undefined {
  const value = element.properties?.[name];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The URL of a `<source>` for the dark colour scheme in the figure's `<picture>`, if any. */
function darkSourceOf(element: Element): string | undefined {
  const stack: ElementContent[] = [...element.children];
  while (stack.length > 0) {
    const current = stack.pop() as ElementContent;
    if (current.type !== 'element') continue;
    if (
      current.tagName === 'source' &&
      /prefers-color-scheme:\s*dark/.test(stringProperty(current, 'media') ?? '')
    )
      return stringProperty(current, 'srcSet')?.split(/[\s,]+/)[0];
    stack.push(...current.children);
  }
  return undefined;
}

/** The phrasing content of hast children (paragraphs' content joined by a space). */
function phrasingOf(state: State, element: Element): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of state.all(element) as Nodes[]) {
    if (node.type === 'paragraph') {
      if (out.length > 0) out.push({ type: 'text', value: ' ' });
      out.push(...node.children);
    } else if (isPhrasing(node)) out.push(node as PhrasingContent);
  }
  return out;
}

function figure(state: State, element: Element): RootContent[] | GitbookFigure {
  const caption = element.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'figcaption',
  );
  const images = figureImages(element);
  const [image] = images;
  const url = image ? stringProperty(image, 'src') : undefined;
  if (images.length !== 1 || image === undefined || url === undefined || !isFigureUrl(url))
    return state.toFlow(state.all(element));
  const dark = darkSourceOf(element);
  const width = stringProperty(image, 'width');
  const height = stringProperty(image, 'height');
  return {
    type: 'gitbookFigure',
    url,
    alt: htmlTextOf({ type: 'text', value: stringProperty(image, 'alt') ?? '' }),
    ...(dark !== undefined && isFigureUrl(dark) ? { darkUrl: dark } : {}),
    ...(width !== undefined && /^\d+$/.test(width) ? { width } : {}),
    ...(height !== undefined && /^\d+$/.test(height) ? { height } : {}),
    caption: caption ? phrasingOf(state, caption) : [],
  };
}

/** The conversions inside an expandable (by their state): an expandable inside one is its content. */
const insideDetails = new WeakSet<State>();

function details(state: State, element: Element): RootContent[] | GitbookDetails {
  const summary = element.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'summary',
  );
  const rest = element.children.filter((child) => child !== summary);
  const title = summary ? phrasingOf(state, summary) : [];
  if (insideDetails.has(state)) {
    const content = state.toFlow(state.all({ ...element, children: rest }));
    const heading: RootContent[] =
      title.length > 0 ? [{ type: 'paragraph', children: [{ type: 'strong', children: title }] }] : [];
    return [...heading, ...content];
  }
  insideDetails.add(state);
  try {
    const content = state.toFlow(state.all({ ...element, children: rest })) as BlockContent[];
    return {
      type: 'gitbookDetails',
      open: element.properties?.open === true || element.properties?.open === '',
      summary: title,
      children: content,
    };
  } finally {
    insideDetails.delete(state);
  }
}

const PHRASING = new Set([
  'text',
  'emphasis',
  'strong',
  'delete',
  'inlineCode',
  'link',
  'image',
  'break',
  'linkReference',
  'imageReference',
]);

function isPhrasing(node: Nodes): boolean {
  return PHRASING.has(node.type);
}

function roleOf(node: ElementContent): string | undefined {
  return node.type === 'element' && typeof node.properties?.role === 'string'
    ? node.properties.role
    : undefined;
}

function elementChildren(element: Element): Element[] {
  return element.children.filter((child): child is Element => child.type === 'element');
}

/** The titles and panels of an ARIA tab set whose parts are `element`'s children, if it is one. */
function tabSetOf(element: Element): { titles: string[]; panels: Element[] } | undefined {
  const children = elementChildren(element);
  const lists = children.filter((child) => roleOf(child) === 'tablist');
  if (lists.length !== 1) return undefined;
  let panels = children.filter((child) => roleOf(child) === 'tabpanel');
  if (panels.length === 0) {
    const holders = children.filter((child) =>
      elementChildren(child).some((inner) => roleOf(inner) === 'tabpanel'),
    );
    if (holders.length !== 1) return undefined;
    panels = elementChildren(holders[0] as Element).filter((child) => roleOf(child) === 'tabpanel');
  }
  const titles: string[] = [];
  const stack: ElementContent[] = [...(lists[0] as Element).children].reverse();
  while (stack.length > 0) {
    const current = stack.pop() as ElementContent;
    if (current.type !== 'element') continue;
    if (roleOf(current) === 'tab') titles.push(htmlTextOf(current));
    else
      for (let i = current.children.length - 1; i >= 0; i--)
        stack.push(current.children[i] as ElementContent);
  }
  return titles.length > 0 && titles.length === panels.length ? { titles, panels } : undefined;
}

/** The conversions inside tabs (by their state): tabs inside tabs are their content. */
const insideTabs = new WeakSet<State>();

function tabs(state: State, set: { titles: string[]; panels: Element[] }): RootContent[] | GitbookBlock {
  const nested = insideTabs.has(state);
  insideTabs.add(state);
  try {
    const items = set.panels.map((panel, index) => {
      const title = set.titles[index] ?? '';
      const content = state.toFlow(state.all(panel)) as GitbookBlock['children'];
      return { title, content };
    });
    if (nested)
      return items.flatMap(({ title, content }) => [
        ...(title
          ? [
              {
                type: 'paragraph',
                children: [{ type: 'strong', children: [{ type: 'text', value: title }] }],
              } as Paragraph,
            ]
          : []),
        ...(content as RootContent[]),
      ]);
    return {
      type: 'gitbookBlock',
      name: 'tabs',
      attributes: {},
      closed: true,
      children: items.map(
        ({ title, content }): GitbookBlock => ({
          type: 'gitbookBlock',
          name: 'tab',
          attributes: { title },
          closed: true,
          children: content,
        }),
      ),
    };
  } finally {
    if (!nested) insideTabs.delete(state);
  }
}

/** A `<div>` or `<section>`: tabs, a callout, or its content. */
function container(state: State, element: Element): RootContent[] | Hint | GitbookBlock {
  const set = tabSetOf(element);
  return set ? tabs(state, set) : calloutOrFlow(state, element);
}

export const gitbookBlockHandlers: Handlers = {
  aside: calloutOrFlow as Handle,
  div: container as Handle,
  section: container as Handle,
  figure: figure as Handle,
  details: details as Handle,
};
