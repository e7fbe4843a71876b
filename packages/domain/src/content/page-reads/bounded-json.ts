/**
 * A bound on JSON a request carries without Quire reading its meaning (a computed source's
 * `props` and `dependencies`): nesting, values and string lengths, checked by one iterative
 * walk, so no request makes anything recurse or grow with its size beyond the body limit.
 */
import type { z } from 'zod';

export const JSON_LIMITS = { depth: 8, values: 1_000, stringLength: 4_096 } as const;

/** The first bound `value` passes, or undefined. */
export function jsonBoundProblem(value: unknown): string | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  let values = 0;
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (++values > JSON_LIMITS.values) return `at most ${JSON_LIMITS.values} values`;
    if (typeof current === 'string') {
      if (current.length > JSON_LIMITS.stringLength)
        return `strings of at most ${JSON_LIMITS.stringLength} characters`;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= JSON_LIMITS.depth) return `nested at most ${JSON_LIMITS.depth} levels`;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) stack.push({ value: child, depth: depth + 1 });
  }
  return undefined;
}

/** A zod refinement adding the bound's problem, if any. */
export function refineJsonBound(value: unknown, context: z.core.$RefinementCtx): void {
  const problem = jsonBoundProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
}
