/** Every change of a spec's record after its creation: an upload, its outcome, its visibility. */
import { compareAndSwap } from '../core/compare-and-swap';
import type { OperationContext } from '../core/context';
import type { OpenApiSpecRecord } from './records';

/**
 * Applies `change` to the spec by compare-and-swap, re-reading it on a lost race; null once
 * it is gone; the spec as found when `change` answers null (nothing to change).
 */
export function changeSpec(
  ctx: Pick<OperationContext, 'repos' | 'clock'>,
  first: OpenApiSpecRecord,
  change: (current: OpenApiSpecRecord) => OpenApiSpecRecord | null,
): Promise<OpenApiSpecRecord | null> {
  const specs = ctx.repos.openApiSpecs;
  return compareAndSwap(
    {
      name: `the OpenAPI specification ${first.id}`,
      read: () => specs.findById(first.id),
      replace: (next, expectedVersion) => specs.replace(next, expectedVersion),
    },
    (current) => {
      const next = current && change(current);
      return next && { ...next, updatedAt: ctx.clock.now().toISOString() };
    },
    first,
  );
}
