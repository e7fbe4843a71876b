/**
 * What a web page says of itself as a link card: its title, its site's name, its icon and
 * where its oEmbed description is, read from the page's `<head>` with linkedom (the parser the
 * web-page import uses; its DOM is a flat linked list, so nesting costs no recursion).
 *
 * Rules (the first found wins):
 * 1. Title: `og:title`, `twitter:title`, `<title>`.
 * 2. Site: `og:site_name`, `application-name`.
 * 3. Icon: a `<link rel="icon">` (or `shortcut icon`, `apple-touch-icon`), made absolute
 *    against the page's URL; an http(s) URL only.
 * 4. oEmbed: a `<link rel="alternate" type="application/json+oembed">`, absolute, http(s).
 * Only the text before `</head>` is parsed (what a card needs is there), and every text is
 * trimmed, its white space collapsed and cut at `MAX_TEXT` characters.
 */
import { parseHTML } from 'linkedom';

export interface PageCard {
  title?: string;
  site?: string;
  icon?: string;
  oembed?: string;
}

export const MAX_TEXT = 300;

export function cardText(text: string | null | undefined): string | undefined {
  const collapsed = (text ?? '').replace(/\s+/g, ' ').trim();
  return collapsed === '' ? undefined : collapsed.slice(0, MAX_TEXT);
}

/** `href` made absolute against `base`, when it is an http(s) URL. */
export function httpUrl(href: string | null | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The part of a page's HTML a card is read from: up to its `</head>`. */
function headOf(html: string): string {
  const end = html.search(/<\/head\s*>|<body[\s>]/i);
  return end === -1 ? html : html.slice(0, end);
}

export function readPageCard(html: string, url: string): PageCard {
  const { document } = parseHTML(`<!doctype html><html>${headOf(html)}</html>`);
  // Each named property's first non-empty value.
  const metas = new Map<string, string>();
  for (const element of document.querySelectorAll('meta')) {
    const key = (element.getAttribute('property') ?? element.getAttribute('name') ?? '').toLowerCase();
    const text = cardText(element.getAttribute('content'));
    if (text && !metas.has(key)) metas.set(key, text);
  }
  const byPreference = (names: string[]) => names.map((name) => metas.get(name)).find(Boolean);
  const links = [...document.querySelectorAll('link')];
  const relOf = (element: Element) => (element.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
  const icon = links.find((element) => {
    const rel = relOf(element);
    return rel.includes('icon') || rel.includes('apple-touch-icon');
  });
  const oembed = links.find(
    (element) =>
      relOf(element).includes('alternate') &&
      (element.getAttribute('type') ?? '').toLowerCase() === 'application/json+oembed',
  );
  const title =
    byPreference(['og:title', 'twitter:title']) ?? cardText(document.querySelector('title')?.textContent);
  const site = byPreference(['og:site_name', 'application-name']);
  const iconUrl = httpUrl(icon?.getAttribute('href'), url);
  const oembedUrl = httpUrl(oembed?.getAttribute('href'), url);
  return {
    ...(title ? { title } : {}),
    ...(site ? { site } : {}),
    ...(iconUrl ? { icon: iconUrl } : {}),
    ...(oembedUrl ? { oembed: oembedUrl } : {}),
  };
}
