/** Every change of a translation's record after its creation: its instructions, its runs. */
import type { OperationContext } from '../core/context';
import type { TranslationRecord } from './records';

/**
 * Applies `change` to the translation by compare-and-swap, re-reading it on a lost race
 * (`change` sees each version it is applied to, so a rule it checks holds for the one
 * written); null once the translation is gone.
 */
export async function changeTranslation(
  ctx: Pick<OperationContext, 'repos' | 'clock'>,
  first: TranslationRecord,
  change: (current: TranslationRecord) => Promise<TranslationRecord> | TranslationRecord,
): Promise<TranslationRecord | null> {
  let current: TranslationRecord | null = first;
  for (let attempt = 0; attempt < 10 && current; attempt++) {
    const next = await change(current);
    const written = { ...next, updatedAt: ctx.clock.now().toISOString(), version: current.version + 1 };
    if (await ctx.repos.translations.replace(written, current.version)) return written;
    current = await ctx.repos.translations.findById(first.id);
  }
  if (!current) return null;
  throw new Error(`the translation ${first.id} kept changing: gave up after 10 tries`);
}
