/** Every change of a translation's record after its creation: its instructions, its runs. */
import { compareAndSwap } from '../core/compare-and-swap';
import type { OperationContext } from '../core/context';
import type { TranslationRecord } from './records';

/**
 * Applies `change` to the translation by compare-and-swap, re-reading it on a lost race
 * (`change` sees each version it is applied to, so a rule it checks holds for the one
 * written); null once the translation is gone.
 */
export function changeTranslation(
  ctx: Pick<OperationContext, 'repos' | 'clock'>,
  first: TranslationRecord,
  change: (current: TranslationRecord) => Promise<TranslationRecord> | TranslationRecord,
): Promise<TranslationRecord | null> {
  const translations = ctx.repos.translations;
  return compareAndSwap(
    {
      name: `the translation ${first.id}`,
      read: () => translations.findById(first.id),
      replace: (next, expectedVersion) => translations.replace(next, expectedVersion),
    },
    async (current) => current && { ...(await change(current)), updatedAt: ctx.clock.now().toISOString() },
    first,
  );
}
