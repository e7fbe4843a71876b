/**
 * Math typeset at render time (`typeset-math.ts`, `document/math.tsx`): block and inline
 * formulas as SVG of shapes only (checked by `svgProblems`), labelled by their TeX, each
 * well-formed. Bad input — TeX that does not parse, an unknown macro, macros that expand
 * without end, a formula past the size bound, TeX asking for links, classes or styles, a glyph
 * MathJax's fonts lack — shows the TeX source, never a failure.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InlineMath, MathBlock } from '../src/document/math';
import { MAX_FORMULA, typesetFormula } from '../src/typeset-math';
import { svgProblems } from './support/svg-problems';
import { htmlProblems } from './support/well-formed';

const block = (formula: string) => renderToStaticMarkup(<MathBlock formula={formula} />);
const inline = (formula: string) => renderToStaticMarkup(<InlineMath formula={formula} />);

describe('math typeset to SVG', () => {
  it('a block formula: an SVG of shapes, labelled by its TeX', () => {
    const html = block('\\int_0^1 x^2\\,dx = \\frac{1}{3}');
    expect(html).toMatch(
      /^<div class="math-block" role="math" aria-label="\\int_0\^1 x\^2\\,dx = \\frac\{1\}\{3\}"><svg [^>]*class="math-svg" aria-hidden="true" focusable="false"/,
    );
    expect(html).toContain('<path d="M');
    expect(svgProblems(html)).toEqual([]);
    expect(htmlProblems(`<body>${html}</body>`)).toEqual([]);
  });

  it('an inline formula: aligned on the text, its SVG the same for the same TeX (kept)', () => {
    const html = inline('e^{i\\pi}+1=0');
    expect(html).toMatch(/^<span class="math-inline" role="math" aria-label="e\^\{i\\pi\}\+1=0"><svg /);
    expect(html).toMatch(/style="vertical-align:-?[\d.]+ex"/);
    expect(svgProblems(html)).toEqual([]);
    expect(typesetFormula('e^{i\\pi}+1=0', false)).toBe(typesetFormula('e^{i\\pi}+1=0', false));
    expect(inline('e^{i\\pi}+1=0')).toBe(html);
  });
});

describe('math, bad input: the TeX source', () => {
  const source = (formula: string) =>
    `<div class="math-block" role="math" aria-label="${formula.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"><code>`;

  it.each([
    ['TeX that does not parse', '\\frac{1}{'],
    ['an unknown macro', '\\notamacro{x}'],
    ['macros that expand without end', '\\def\\a{\\a\\a}\\a'],
    ['a link', '\\href{javascript:alert(1)}{x}'],
    ['a class and a style', '\\class{evil}{x}\\style{color:red}{y}'],
    ['a glyph its fonts lack', '\\text{Résumé}'],
  ])('%s', (_title, formula) => {
    const html = block(formula);
    expect(html.startsWith(source(formula))).toBe(true);
    expect(html).not.toContain('<svg');
    expect(htmlProblems(`<body>${html}</body>`)).toEqual([]);
  });

  it('markup in TeX is drawn as glyphs, never markup', () => {
    const html = block('<script>alert(1)</script>');
    expect(html).toContain('<svg ');
    expect(html).not.toContain('<script');
    expect(svgProblems(html)).toEqual([]);
  });

  it('a formula past the size bound is not typeset at all', () => {
    const huge = 'x'.repeat(MAX_FORMULA + 1);
    expect(typesetFormula(huge, true)).toBeUndefined();
    expect(inline(huge)).toBe(`<code class="math">${huge}</code>`);
  });
});
