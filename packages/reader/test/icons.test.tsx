/**
 * GitBook's icons as inline SVG from Font Awesome's free sets (`icon-set.ts`, `document/icon.tsx`):
 * a name as GitBook writes it (plain, `fa-` prefixed, with a style word, an alias, a brand)
 * draws its paths, shapes only (`svgProblems`); an unknown, overlong or hostile name draws
 * nothing. Hints carry their style's icon; emoji are text in the emoji font stack.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon } from '../src/document/icon';
import { iconShape } from '../src/icon-set';
import { renderReaderPage } from '../src/render-page';
import { blockHtmlOf, propsFor } from './support/page-props';
import { svgProblems } from './support/svg-problems';

const icon = (name: string, labelled = false) =>
  renderToStaticMarkup(<Icon name={name} labelled={labelled} />);

describe('icons', () => {
  it.each([
    ['a plain name', 'house'],
    ['an fa- prefixed name', 'fa-house'],
    ['a style word and a name', 'fa-solid fa-gear'],
    ['an alias', 'home'],
    ['a brand', 'github'],
  ])('%s draws its paths', (_title, name) => {
    const html = icon(name);
    expect(html).toMatch(
      /^<svg class="fa-icon" viewBox="0 0 \d+ \d+" xmlns="http:\/\/www.w3.org\/2000\/svg" focusable="false" role="img" aria-hidden="true"><path d="M[^"]+"><\/path>/,
    );
    expect(svgProblems(html)).toEqual([]);
  });

  it('an icon standing alone in text is an image named by its name', () => {
    expect(icon('house', true)).toContain('role="img" aria-label="house"');
  });

  it.each([
    ['an unknown name', 'not-an-icon-anywhere'],
    ['an empty name', ''],
    ['an overlong name', 'a'.repeat(10_000)],
    ['a prototype key', '__proto__'],
    ['a constructor key', 'constructor'],
    ['markup', '<script>alert(1)</script>'],
  ])('%s draws nothing', (_title, name) => {
    expect(icon(name)).toBe('');
    expect(iconShape(name)).toBeUndefined();
  });

  it("a hint shows its style's icon; an emoji is text in the emoji font", async () => {
    const html = blockHtmlOf(renderReaderPage(await propsFor()));
    expect(html).toMatch(/<span class="hint-icon" aria-hidden="true"><svg class="fa-icon"/);
    expect(html).toContain('<span class="emoji">🚀</span>');
    expect(svgProblems(html)).toEqual([]);
  });
});
