/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * Math, block and inline: the formula typeset to SVG at render time (`typeset-math.ts`), read
 * by assistive technology as its TeX (`role="math"`, the label), the SVG itself hidden from it.
 * A formula that cannot be typeset (TeX errors, past the bounds or the page's budget, MathJax
 * missing) shows its TeX source, readable and copyable, as before.
 */
import { createElement, type ReactNode } from 'react';
import type { MathBudget } from '../math-budget';
import { type MathNode, typesetFormula } from '../typeset-math';

function shape(node: MathNode, key: number): ReactNode {
  return createElement(
    node.tag,
    { key, ...node.attributes },
    ...node.children.map((child, index) => shape(child, index)),
  );
}

function Svg({ node, verticalAlign }: { node: MathNode; verticalAlign?: string }) {
  return createElement(
    'svg',
    {
      ...node.attributes,
      className: 'math-svg',
      'aria-hidden': true,
      focusable: 'false',
      xmlns: 'http://www.w3.org/2000/svg',
      ...(verticalAlign ? { style: { verticalAlign } } : {}),
    },
    ...node.children.map((child, index) => shape(child, index)),
  );
}

/** A formula, and the page's budget for typesetting (none: the formula's own bounds only). */
interface MathProps {
  formula: string;
  budget?: MathBudget | undefined;
}

export function MathBlock({ formula, budget }: MathProps) {
  const typeset = typesetFormula(formula, true, budget);
  return (
    <div className="math-block" role="math" aria-label={formula}>
      {typeset ? <Svg node={typeset.svg} /> : <code>{formula}</code>}
    </div>
  );
}

export function InlineMath({ formula, budget }: MathProps) {
  const typeset = typesetFormula(formula, false, budget);
  return typeset ? (
    <span className="math-inline" role="math" aria-label={formula}>
      <Svg node={typeset.svg} verticalAlign={typeset.verticalAlign} />
    </span>
  ) : (
    <code className="math">{formula}</code>
  );
}
