import type { z } from 'zod';
import type { OperationContext } from './context';
import { DomainError, type FieldIssue, forbidden, unauthenticated } from './errors';
import type { Operation } from './operation';

/** Turns zod's issues into field issues whose message names the field. */
export function fieldIssuesOf(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue): FieldIssue[] => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: path ? `${path}.${key}` : key, message: 'unknown field' }));
    }
    return [{ field: path, message: issue.message }];
  });
}

export function validationError(issues: FieldIssue[]): DomainError {
  const message = issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ');
  return new DomainError('validation', message || 'invalid input', { issues });
}

/**
 * Runs an operation for a caller: authentication first (401 before 400), then the input
 * schema, then the operation, whose own permission rules decide the rest.
 */
export async function executeOperation<Input extends z.ZodType, Output extends z.ZodType>(
  op: Operation<Input, Output>,
  ctx: OperationContext,
  rawInput: unknown,
): Promise<z.input<Output>> {
  if (!ctx.caller) throw unauthenticated();
  if (op.access === 'instanceAdmin' && !ctx.caller.isInstanceAdmin) {
    throw forbidden('Only an instance administrator may do this');
  }
  const parsed = op.input.safeParse(rawInput ?? {});
  if (!parsed.success) throw validationError(fieldIssuesOf(parsed.error));
  return op.run(ctx, parsed.data);
}
