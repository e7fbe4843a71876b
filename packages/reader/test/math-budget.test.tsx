/**
 * Math bounded per formula and per page (`typeset-math.ts`, `math-budget.ts`): macros that
 * expand a short formula into thousands of glyphs show its TeX source, having made no more
 * MathML nodes than a formula may; a page of many such formulas stops typesetting once its
 * budget is spent, and shows the rest as source; real formulas, before and after, are typeset.
 * Work is asserted by the nodes counted, never by time.
 */
import { markdownToDocument } from '@quire/documents/to-document';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MathBlock } from '../src/document/math';
import { type MathBudget, PAGE_MATH_NODES, pageMathBudget } from '../src/math-budget';
import { renderReaderPage } from '../src/render-page';
import { MAX_FORMULA_NODES, typesetFormula } from '../src/typeset-math';
import { propsFor } from './support/page-props';

/** 82 characters whose macros expand to 4,500 glyphs (the review's formula); `n` makes it new. */
const expanding = (n: number) =>
  `\\def\\a{xxxxxxxxxx}\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}\\def\\c{\\b\\b\\b\\b\\b}\\c\\c\\c\\c\\c\\c\\c\\c\\c{${n}}`;

/** The same growth through arguments, each parsed with a macro count of its own. */
const throughArguments = (n: number) =>
  `\\def\\a{xxxxxxxxxx}\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}${'\\frac{\\b\\b\\b\\b\\b\\b\\b\\b\\b}{\\b\\b\\b\\b\\b\\b\\b\\b\\b}'.repeat(2)}{${n}}`;

const REAL = [
  'E = mc^2',
  'x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}',
  '\\begin{pmatrix} a_{11} & a_{12} & a_{13} \\\\ a_{21} & a_{22} & a_{23} \\\\ a_{31} & a_{32} & a_{33} \\end{pmatrix} \\begin{bmatrix} x_1 \\\\ x_2 \\\\ x_3 \\end{bmatrix} = \\begin{bmatrix} b_1 \\\\ b_2 \\\\ b_3 \\end{bmatrix}',
  '\\begin{aligned} \\nabla \\cdot \\mathbf{E} &= \\frac{\\rho}{\\varepsilon_0} \\\\ \\nabla \\times \\mathbf{B} &= \\mu_0\\left(\\mathbf{J} + \\varepsilon_0 \\frac{\\partial \\mathbf{E}}{\\partial t}\\right) \\end{aligned}',
  '\\newcommand{\\R}{\\mathbb{R}}\\newcommand{\\norm}[1]{\\left\\lVert #1 \\right\\rVert} f: \\R^n \\to \\R, \\norm{x} = \\sqrt{\\sum_i x_i^2}',
];

const spent = (budget: MathBudget) => PAGE_MATH_NODES - budget.nodesLeft;

describe('one formula', () => {
  it.each([
    ['macros expanding to thousands of glyphs', expanding(1)],
    ['the same growth through arguments', throughArguments(1)],
  ])('%s: its TeX source, after no more nodes than a formula may make', (_title, formula) => {
    const budget = pageMathBudget();
    expect(typesetFormula(formula, true, budget)).toBeUndefined();
    expect(spent(budget)).toBeLessThanOrEqual(MAX_FORMULA_NODES);
    expect(spent(budget)).toBeGreaterThan(0);
    const html = renderToStaticMarkup(<MathBlock formula={formula} />);
    expect(html).toContain('<code>');
    expect(html).not.toContain('<svg');
  });

  it('real formulas, with their own macros, typeset well within the bound', () => {
    for (const formula of REAL) {
      const budget = pageMathBudget();
      expect(typesetFormula(formula, true, budget), formula).toBeDefined();
      expect(spent(budget), formula).toBeLessThan(MAX_FORMULA_NODES / 2);
    }
  });
});

describe("a page's formulas", () => {
  it('190 expanding formulas: typesetting stops at the budget, every one shown as source', () => {
    const budget = pageMathBudget();
    let tried = 0;
    for (let n = 0; n < 190; n++) {
      const before = budget.nodesLeft;
      expect(typesetFormula(expanding(1000 + n), true, budget)).toBeUndefined();
      if (budget.nodesLeft !== before) tried++;
    }
    expect(spent(budget)).toBeLessThanOrEqual(PAGE_MATH_NODES);
    expect(tried).toBeLessThanOrEqual(Math.ceil(PAGE_MATH_NODES / MAX_FORMULA_NODES));
    // A formula the budget stopped is not kept as failing: another page typesets it.
    const fresh = 'a^2 + b^2 = c^2 \\quad (budget)';
    expect(typesetFormula(fresh, true, budget)).toBeUndefined();
    expect(typesetFormula(fresh, true, pageMathBudget())).toBeDefined();
  });

  it('a rendered page: the expanding formulas as source, the real ones typeset (kept: free)', async () => {
    // Typeset once each before, the real formulas cost the page nothing: they show whatever
    // the budget, which time could otherwise spend on a slow machine.
    for (const formula of REAL) expect(typesetFormula(formula, true)).toBeDefined();
    const markdown = [
      ...REAL.map((formula) => `$$\n${formula}\n$$\n`),
      ...Array.from({ length: 40 }, (_, n) => `$$\n${expanding(2000 + n)}\n$$\n`),
    ].join('\n');
    const html = renderReaderPage(
      await propsFor({
        page: {
          id: 'p-math',
          title: 'Math',
          document: markdownToDocument(markdown),
          updatedAt: '2026-11-01T10:00:00.000Z',
          path: 'math',
        },
      }),
    );
    const blocks = [...html.matchAll(/<div class="math-block"[^>]*>(<svg|<code)/g)].map((match) => match[1]);
    expect(blocks).toHaveLength(REAL.length + 40);
    expect(blocks.slice(0, REAL.length)).toEqual(REAL.map(() => '<svg'));
    expect(blocks.slice(REAL.length)).toEqual(Array.from({ length: 40 }, () => '<code'));
  });
});
