/** Every change of a spec's record after its creation: an upload, its outcome, its visibility. */
import type { OperationContext } from '../core/context';
import type { OpenApiSpecRecord } from './records';

/**
 * Applies `change` to the spec by compare-and-swap, re-reading it on a lost race; null once
 * it is gone; the spec as found when `change` answers null (nothing to change).
 */
export async function changeSpec(
  ctx: Pick<OperationContext, 'repos' | 'clock'>,
  first: OpenApiSpecRecord,
  change: (current: OpenApiSpecRecord) => OpenApiSpecRecord | null,
): Promise<OpenApiSpecRecord | null> {
  let current: OpenApiSpecRecord | null = first;
  for (let attempt = 0; attempt < 10 && current; attempt++) {
    const next = change(current);
    if (!next) return current;
    const written = {
      ...next,
      updatedAt: ctx.clock.now().toISOString(),
      version: current.version + 1,
    };
    if (await ctx.repos.openApiSpecs.replace(written, current.version)) return written;
    current = await ctx.repos.openApiSpecs.findById(first.id);
  }
  if (!current) return null;
  throw new Error(`the OpenAPI specification ${first.id} kept changing: gave up after 10 tries`);
}
