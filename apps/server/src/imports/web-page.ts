/**
 * One web page read for an import: its title, its main content as HTML (navigation, headers,
 * footers, sidebars and scripts left out), and the links and images it holds, every URL made
 * absolute against the page's own URL (or its `<base href>`).
 *
 * The main content is found by Readability (Firefox's reader view) over linkedom's DOM.
 * Readability keeps a whole short body when it finds no article, so the elements that are
 * page chrome by definition (`nav`, `footer`, ARIA navigation/banner/contentinfo, an `aside`
 * that is not a callout, a `header` outside the main content) are removed first. An `aside`
 * whose class or role says it is a note, a tip or a warning is content: it becomes a hint
 * (`htmlToMarkdown`). The first `<h1>` is the title
 * (else `<title>`) and is taken out of the body: a page's title is not part of its markdown.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

export interface WebPage {
  title: string | null;
  /** The main content, as HTML with absolute URLs. */
  contentHtml: string;
  /** Every `<a href>` of the whole page (navigation included: that is how pages are found). */
  links: string[];
}

/** What makes an `<aside>` a callout of the content rather than a sidebar. */
const CALLOUT_ASIDES = [
  '[role="note"]',
  '[role="alert"]',
  ...['admonition', 'callout', 'alert', 'hint', 'note', 'notice', 'tip', 'warning', 'caution', 'danger'].map(
    (word) => `[class~="${word}"]`,
  ),
].join(',');

/** The callouts `htmlToMarkdown` reads as hints (`html-block-handlers.ts`). */
const CALLOUT_DIVS = ['admonition', 'markdown-alert', 'callout', 'alert', 'theme-admonition']
  .map((word) => `div[class~="${word}"]`)
  .join(',');

const CHROME = [
  'script',
  'style',
  'noscript',
  'template',
  'nav',
  'footer',
  `aside:not(${CALLOUT_ASIDES})`,
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[role="complementary"]',
].join(',');

type Doc = ReturnType<typeof parseHTML>['document'];

export function readWebPage(html: string, url: string): WebPage {
  const { document } = parseHTML(html);
  const base = baseOf(document, url);
  absolutize(document, base);
  const links = [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '');
  for (const element of [...document.querySelectorAll(CHROME)]) element.remove();
  for (const header of [...document.querySelectorAll('header')])
    if (!header.closest('main, article, [role="main"]')) header.remove();

  const heading =
    document.querySelector('main h1, article h1, [role="main"] h1') ?? document.querySelector('h1');
  const title = textOf(heading?.textContent) ?? textOf(document.querySelector('title')?.textContent);
  heading?.remove();

  keepCallouts(document);
  keepTabs(document);
  const article = new Readability(document as unknown as Document, { keepClasses: true }).parse();
  const contentHtml = article?.content ?? document.body?.innerHTML ?? '';
  return { title, contentHtml, links: links.filter((link) => link !== '') };
}

/**
 * Callouts survive Readability: a callout `<aside>` left (see `CALLOUT_ASIDES`) becomes a
 * `<div>` of class `admonition` (Readability drops every `aside`), its role a class too; and
 * a callout without a title element gets one naming its kind (`htmlToMarkdown` drops a title
 * that only names the kind), since Readability replaces a `<div>` holding a single `<p>` by
 * that paragraph, class and all.
 */
function keepCallouts(document: Doc): void {
  for (const aside of [...document.querySelectorAll('aside')]) {
    const div = document.createElement('div');
    const role = aside.getAttribute('role') ?? '';
    div.setAttribute('class', `admonition ${aside.getAttribute('class') ?? ''} ${role}`.trim());
    while (aside.firstChild) div.appendChild(aside.firstChild);
    aside.replaceWith(div);
  }
  for (const callout of [...document.querySelectorAll(CALLOUT_DIVS)]) {
    if (callout.querySelector(':scope > .admonition-title, :scope > .markdown-alert-title')) continue;
    const title = document.createElement('p');
    title.setAttribute('class', 'admonition-title');
    title.textContent = 'Note';
    callout.insertBefore(title, callout.firstChild);
  }
}

/**
 * Tab sets survive Readability, which drops hidden elements (every tab panel but the shown
 * one), buttons and radio inputs: each `[role=tablist]` whose tabs name their panels
 * (`aria-controls`), or whose parent holds as many `[role=tabpanel]` as it has tabs, and each
 * MkDocs Material `.tabbed-set` (labels and `.tabbed-block`s, or labels and
 * `.tabbed-content`s), becomes one element holding a tab list of paragraphs and the panels,
 * shown, in order; `htmlToMarkdown` reads that shape as GitBook's tabs.
 */
function keepTabs(document: Doc): void {
  for (const list of [...document.querySelectorAll('[role="tablist"]')]) {
    if (!list.isConnected) continue;
    const tabs = [...list.querySelectorAll('[role="tab"]')];
    if (tabs.length === 0) continue;
    const controlled = tabs.map((tab) => {
      const id = tab.getAttribute('aria-controls');
      return id ? document.getElementById(id) : null;
    });
    const siblings = [
      ...(list.parentElement?.querySelectorAll(
        ':scope > [role="tabpanel"], :scope > * > [role="tabpanel"]',
      ) ?? []),
    ];
    const panels = controlled.every((panel) => panel !== null) ? (controlled as Element[]) : siblings;
    replaceWithTabSet(document, list, tabs, panels);
  }
  for (const set of [...document.querySelectorAll('.tabbed-set')]) {
    if (!set.isConnected) continue;
    const labels = [...set.querySelectorAll(':scope > .tabbed-labels > label, :scope > label')];
    const blocks = [...set.querySelectorAll(':scope > .tabbed-content > .tabbed-block')];
    const panels = blocks.length > 0 ? blocks : [...set.querySelectorAll(':scope > .tabbed-content')];
    replaceWithTabSet(document, set, labels, panels);
  }
}

/** Puts the tab set of `titles` and `panels` in place of `anchor`; false when they do not pair. */
function replaceWithTabSet(document: Doc, anchor: Element, titles: Element[], panels: Element[]): boolean {
  if (
    titles.length === 0 ||
    panels.length !== titles.length ||
    panels.some((panel) => panel.contains(anchor))
  )
    return false;
  const set = document.createElement('div');
  const list = document.createElement('div');
  list.setAttribute('role', 'tablist');
  for (const title of titles) {
    const tab = document.createElement('p');
    tab.setAttribute('role', 'tab');
    tab.textContent = title.textContent ?? '';
    list.appendChild(tab);
  }
  set.appendChild(list);
  for (const panel of panels) {
    // A section: Readability replaces a div holding one paragraph by the paragraph.
    const shown = document.createElement('section');
    shown.setAttribute('role', 'tabpanel');
    while (panel.firstChild) shown.appendChild(panel.firstChild);
    set.appendChild(shown);
    panel.remove();
  }
  anchor.replaceWith(set);
  return true;
}

function textOf(text: string | null | undefined): string | null {
  const trimmed = text?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : null;
}

function baseOf(document: Doc, url: string): URL {
  const href = document.querySelector('base[href]')?.getAttribute('href');
  const pageUrl = new URL(url);
  if (!href) return pageUrl;
  try {
    return new URL(href, pageUrl);
  } catch {
    return pageUrl;
  }
}

/** Links and images made absolute (http/https only: `javascript:` and the like are dropped). */
function absolutize(document: Doc, base: URL): void {
  for (const [selector, attribute] of [
    ['a[href]', 'href'],
    ['img[src]', 'src'],
  ] as const) {
    for (const element of [...document.querySelectorAll(selector)]) {
      const value = element.getAttribute(attribute) ?? '';
      if (value.startsWith('#')) continue;
      const absolute = absoluteUrl(value, base);
      if (absolute === null) element.removeAttribute(attribute);
      else element.setAttribute(attribute, absolute);
    }
  }
  for (const image of [...document.querySelectorAll('img[srcset]')]) image.removeAttribute('srcset');
}

function absoluteUrl(value: string, base: URL): string | null {
  try {
    const url = new URL(value, base);
    if (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:') return url.href;
    if (url.protocol === 'data:') return value;
    return null;
  } catch {
    return null;
  }
}
