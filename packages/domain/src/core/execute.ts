import type { z } from 'zod';
import type { OperationContext } from './context';
import { DomainError, type FieldIssue, forbidden, unauthenticated } from './errors';
import type { Operation } from './operation';
import { assertSiteTokenMayRun } from './site-token-gate';

/** Turns zod's issues into field issues whose message names the field. */
export function fieldIssuesOf(error: z.ZodError): FieldIssue[] {
  return issuesAt(error.issues, []);
}

type Issue = z.ZodError['issues'][number];

function issuesAt(issues: readonly Issue[], prefix: readonly PropertyKey[]): FieldIssue[] {
  return issues.flatMap((issue): FieldIssue[] => {
    const at = [...prefix, ...issue.path];
    const path = at.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: path ? `${path}.${key}` : key, message: 'unknown field' }));
    }
    // A value matching no alternative: the alternative it got furthest into says what is
    // wrong (an array of ids with one bad item names that item, not the whole field).
    if (issue.code === 'invalid_union') {
      const furthest = deepestAlternative(issue.errors);
      if (furthest) return issuesAt(furthest, at);
    }
    return [{ field: path, message: issue.message }];
  });
}

/** The alternative whose issues lie deepest, when exactly one does; undefined on a tie. */
function deepestAlternative(alternatives: readonly (readonly Issue[])[]): readonly Issue[] | undefined {
  const depthOf = (issues: readonly Issue[]) => Math.max(0, ...issues.map((issue) => issue.path.length));
  const depths = alternatives.map(depthOf);
  const deepest = Math.max(0, ...depths);
  if (deepest === 0 || depths.filter((depth) => depth === deepest).length !== 1) return undefined;
  return alternatives[depths.indexOf(deepest)];
}

export function validationError(issues: FieldIssue[]): DomainError {
  const message = issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ');
  return new DomainError('validation', message || 'invalid input', { issues });
}

/**
 * Runs an operation for a caller: authentication first (401 before 400; a 'visitor'
 * operation runs without a caller too), then the input schema, then, for a site API token,
 * what such a token may run at all (`site-token-gate.ts`), then the operation, whose own
 * permission rules decide the rest.
 */
export async function executeOperation<Input extends z.ZodType, Output extends z.ZodType>(
  op: Operation<Input, Output>,
  ctx: OperationContext,
  rawInput: unknown,
): Promise<z.input<Output>> {
  if (!ctx.caller && op.access !== 'visitor') throw unauthenticated();
  if (op.access === 'instanceAdmin' && !ctx.caller?.isInstanceAdmin) {
    throw forbidden('Only an instance administrator may do this');
  }
  const parsed = op.input.safeParse(rawInput ?? {});
  if (!parsed.success) throw validationError(fieldIssuesOf(parsed.error));
  if (ctx.caller?.site !== undefined) assertSiteTokenMayRun(ctx.caller, op, parsed.data);
  return op.run(ctx, parsed.data);
}
