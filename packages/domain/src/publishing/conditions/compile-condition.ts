/**
 * Parses and checks a condition once, for callers that then test it against many visitors
 * (the published view compiles its sites' conditions once, not per request).
 * Outcomes: `{ ok: true, ast, test }`; `{ ok: false, message, offset }` when the text does not
 * parse (`parseCondition`'s message and offset); `{ ok: false, message }` when it names
 * claims the schema lacks or compares a claim with a value of another type (the problems of
 * `checkCondition`, joined).
 */

import type { AdaptiveSchema } from './adaptive-schema';
import type { ConditionNode } from './condition-ast';
import { checkCondition } from './condition-check';
import { evaluateCondition } from './condition-evaluate';
import { parseCondition } from './condition-expression';

export type CompiledCondition =
  | { ok: true; ast: ConditionNode; test: (claims: unknown) => boolean }
  | { ok: false; message: string; offset?: number };

export function compileCondition(text: string, schema: AdaptiveSchema): CompiledCondition {
  const parsed = parseCondition(text);
  if (!parsed.ok) return { ok: false, message: parsed.error.message, offset: parsed.error.offset };
  const problems = checkCondition(parsed.ast, schema);
  if (problems.length > 0)
    return { ok: false, message: problems.map((problem) => problem.message).join('; ') };
  const { ast } = parsed;
  return { ok: true, ast, test: (claims) => evaluateCondition(ast, claims) };
}
