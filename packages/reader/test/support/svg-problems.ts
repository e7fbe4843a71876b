/**
 * The inline SVG of a page that is not the reader's own drawing: an `<svg>` other than a
 * typeset formula's (`math-svg`) or an icon's (`fa-icon`), or inside one an element other than
 * `g`, `path`, `rect` (a nested `svg`), or an attribute other than geometry (no `href`, no
 * `style` but a formula's vertical alignment, no event handler). An empty list: every SVG of
 * the page draws shapes and nothing else.
 */
const ELEMENTS = new Set(['svg', 'g', 'path', 'rect']);
const ATTRIBUTES = new Set([
  'viewBox',
  'width',
  'height',
  'x',
  'y',
  'd',
  'transform',
  'class',
  'aria-hidden',
  'focusable',
  'xmlns',
  'role',
  'aria-label',
]);

export function svgProblems(html: string): string[] {
  const problems: string[] = [];
  let depth = 0;
  for (const tag of html.matchAll(/<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*(\/?)>/g)) {
    const [, closing = '', name = '', attributes = '', selfClosing = ''] = tag;
    if (depth === 0 && name.toLowerCase() !== 'svg') continue;
    if (closing) {
      if (name === 'svg') depth--;
      continue;
    }
    if (depth === 0 && !/\bclass="(math-svg|fa-icon)"/.test(attributes))
      problems.push(`not the reader's own: ${tag[0].slice(0, 80)}`);
    if (!ELEMENTS.has(name)) problems.push(`element ${name}`);
    for (const attribute of attributes.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) {
      const [, attributeName = '', value = ''] = attribute;
      if (attributeName === 'style' && /^vertical-align:-?[\d.]+ex$/.test(value)) continue;
      if (!ATTRIBUTES.has(attributeName)) problems.push(`attribute ${attributeName} on ${name}`);
    }
    if (name === 'svg' && !selfClosing) depth++;
  }
  return problems;
}
