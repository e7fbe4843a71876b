/**
 * What typesetting a page's formulas may cost in all (`typeset-math.ts`). MathJax runs on the
 * server's event loop, synchronously, inside React's render: one formula whose macros expand
 * to thousands of glyphs cost up to 2 s, and a page of such formulas blocked the server for a
 * minute and a half. Each formula is bounded by the MathML nodes its parse may make
 * (`MAX_FORMULA_NODES` in `typeset-math.ts`); a page by the nodes of all its formulas and by
 * the time typesetting took, whichever runs out first: past either, formulas show their TeX
 * source. A formula already typeset (kept per process) costs nothing and is always shown.
 */

/**
 * MathML nodes a page's formulas may make in all: at ≈0.4 ms a node to typeset, about 2 s at
 * worst (the time below stops a slow machine first), and 2.5 times a long page of real math
 * (100 formulas of ≈20 nodes; `E = mc^2` is 19, a 3×3 matrix equation ≈180).
 */
export const PAGE_MATH_NODES = 5_000;

/**
 * Time a page's typesetting may take: a slow machine stops at this rather than the nodes.
 * A safety net beside the nodes, which bound the work the same on every machine.
 */
export const PAGE_MATH_MS = 1_000;

/** What is left of a page's budget (mutated as its formulas are typeset; one page, one budget). */
export interface MathBudget {
  nodesLeft: number;
  msLeft: number;
}

/** A page's budget, made as the page starts rendering. */
export const pageMathBudget = (): MathBudget => ({ nodesLeft: PAGE_MATH_NODES, msLeft: PAGE_MATH_MS });

/** Whether the budget has anything left for a formula not typeset yet. */
export const budgetLeft = (budget: MathBudget): boolean => budget.nodesLeft > 0 && budget.msLeft > 0;
