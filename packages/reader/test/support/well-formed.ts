/**
 * Problems of an HTML document that a browser's parser would repair (and so render otherwise
 * than written): a tag closed out of order or never, a block element inside a paragraph or a
 * phrasing element, a link or button inside another, an unescaped `<` in text, an attribute
 * written twice. An empty list: the markup means what it says.
 */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const RAW_TEXT = new Set(['script', 'style']);
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'details',
  'div',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
]);
const PHRASING_ONLY = new Set([
  'p',
  'span',
  'strong',
  'em',
  's',
  'code',
  'kbd',
  'sup',
  'sub',
  'label',
  'summary',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'time',
  'button',
]);
const INTERACTIVE = new Set(['a', 'button', 'details', 'input', 'label', 'select', 'textarea']);

const TOKEN =
  /<!--[\s\S]*?-->|<!doctype[^>]*>|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>|<|[^<]+/giy;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

export function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < html.length) {
    const match = TOKEN.exec(html);
    if (!match) break;
    const [token, rawName, attributes = '', selfClosing] = match;
    if (token === '<') {
      problems.push(`an unescaped "<" at ${match.index}`);
      continue;
    }
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    if (token.startsWith('</')) {
      const top = open.pop();
      if (top !== name) {
        problems.push(`</${name}> closes <${top ?? 'nothing'}> at ${match.index}`);
        return problems;
      }
      continue;
    }
    const names = [...attributes.matchAll(ATTRIBUTE)].map((attribute) => attribute[1]!.toLowerCase());
    const twice = names.find((attribute, index) => names.indexOf(attribute) !== index);
    if (twice) problems.push(`<${name}> has ${twice} twice`);
    const parent = open.at(-1);
    if (parent && PHRASING_ONLY.has(parent) && BLOCK.has(name)) problems.push(`<${name}> inside <${parent}>`);
    if (
      INTERACTIVE.has(name) &&
      name !== 'details' &&
      open.some((ancestor) => ancestor === 'a' || ancestor === 'button')
    )
      problems.push(`<${name}> inside a link or button`);
    if (VOID.has(name) || selfClosing) continue;
    if (RAW_TEXT.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}>`, TOKEN.lastIndex);
      if (end < 0) return [...problems, `<${name}> never closed`];
      TOKEN.lastIndex = end + name.length + 3;
      continue;
    }
    open.push(name);
  }
  if (open.length > 0) problems.push(`never closed: ${open.join(' > ')}`);
  return problems;
}
