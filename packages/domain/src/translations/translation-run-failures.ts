/**
 * The codes a translation run's job fails with (the translation's `error.code`). Every
 * failure of a run is final: running it again is the user's call (`POST …/run`), so a
 * provider that refuses or is down is not called again and again in the background.
 */
import type { AiProviderFailure } from '../core/ai-provider-error';

/** The translation was deleted before its run could start or record itself. */
export const TRANSLATION_GONE = 'TRANSLATION_GONE';
/** The run's starter may no longer run it: their role was lowered, or the source hidden or deleted. */
export const RUN_REFUSED = 'RUN_REFUSED';
/** The result space cannot take the translation now: locked, or deleted while the run wrote. */
export const RESULT_REFUSED = 'RESULT_REFUSED';

/** The provider's failure, by kind (`AiProviderError`). */
export const PROVIDER_FAILURE_CODES: Record<AiProviderFailure, string> = {
  'not-configured': 'PROVIDER_NOT_CONFIGURED',
  unreachable: 'PROVIDER_UNREACHABLE',
  timeout: 'PROVIDER_TIMEOUT',
  refused: 'PROVIDER_REFUSED',
  'bad-answer': 'PROVIDER_BAD_ANSWER',
  busy: 'PROVIDER_BUSY',
};
