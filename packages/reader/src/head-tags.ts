/**
 * Extra tags of a page's `<head>` that the server computes (canonical URL, robots, Open Graph and
 * Twitter cards, alternates): data, never markup, so React escapes every value.
 */
export type HeadTag =
  | { tag: 'meta'; name?: string; property?: string; content: string }
  | { tag: 'link'; rel: string; href: string; type?: string; hreflang?: string; title?: string };
