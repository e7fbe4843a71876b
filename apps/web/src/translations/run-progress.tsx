/** How far a run that is going is: waiting for a worker, or the texts translated of all it sends. */
import type { Translation } from './translation-types';

export function RunProgress({ translation }: { translation: Pick<Translation, 'status' | 'progress'> }) {
  const progress = translation.progress;
  const counted = progress !== undefined && progress.total > 0;
  return (
    <span className="translation-progress" role="status" aria-live="polite">
      <span className="translation-progress-label">
        <span className="spinner" aria-hidden="true" />{' '}
        {translation.status === 'pending'
          ? 'Waiting for a worker…'
          : counted
            ? `Translating: ${progress.done} of ${progress.total} texts`
            : 'Translating…'}
      </span>
      {counted ? (
        <progress max={progress.total} value={progress.done} aria-label="Translation progress" />
      ) : (
        <progress aria-label="Translation progress" />
      )}
    </span>
  );
}
