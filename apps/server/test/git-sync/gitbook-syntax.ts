/**
 * GitBook's Git Sync syntax as it shows when a reader did not take it in: the `{% tag %}`
 * blocks and the HTML GitBook writes, found as text in a page's document. Shared by the
 * fixture's test and the measurement over real repositories (`bench/gitbook-repositories.ts`).
 */

// biome-ignore lint/suspicious/noExplicitAny: GitBook's document, as JSON.
type Json = any;

/** Each construct's name and how its syntax looks as text. */
export const LITERAL_SYNTAX: readonly (readonly [string, RegExp])[] = [
  ['{% tag %}', /\{%-?\s*[a-z-]+/i],
  ['<details>/<summary>', /<\/?(details|summary)\b/i],
  ['<figure>/<picture>/<img>', /<\/?(figure|figcaption|picture|img)\b/i],
  ['<table>', /<\/?(table|thead|tbody|tr|td|th)\b/i],
  ['<a class="button">/<a>', /<a\s[^>]*href=/i],
  ['<mark>', /<\/?mark\b/i],
  ['<i class="fa-…">', /<i\s+class=/i],
  ['<div>/<p>/<span>', /<\/?(div|p|span|br)\b/i],
  ['$$ math', /\$\$/],
  ['{{ expression }}', /\{\{[^}]*\}\}/],
];

/**
 * The texts a reader sees as prose in a GitBook document: every text node's leaves outside
 * code blocks and inline code (where GitBook's syntax is often the page's subject).
 */
export function proseOf(document: Json): string[] {
  const texts: string[] = [];
  const visit = (node: Json) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (node.type === 'code' || node.type === 'code-line') return;
    if (node.object === 'text' && Array.isArray(node.leaves)) {
      const prose = node.leaves
        .filter((leaf: Json) => !(leaf.marks ?? []).some((mark: Json) => mark.type === 'code'))
        .map((leaf: Json) => leaf.text)
        .join('');
      if (prose !== '') texts.push(prose);
      return;
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(document);
  return texts;
}

/** The constructs whose syntax shows as text somewhere in the document. */
export function literalSyntaxIn(document: Json): string[] {
  const texts = proseOf(document);
  return LITERAL_SYNTAX.filter(([, pattern]) => texts.some((text) => pattern.test(text))).map(
    ([name]) => name,
  );
}
