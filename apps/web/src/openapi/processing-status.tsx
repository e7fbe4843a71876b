/**
 * A spec's processing state, and while an upload is being processed, how far its job is
 * (`jobs.get`, read every second with the spec): the steps done of all, and what it did last.
 */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../api/trpc';
import { isProcessing, PROCESSING_LABELS, PROCESSING_POLL_MS } from './spec-states';
import type { OpenApiSpec } from './spec-types';

export function ProcessingBadge({ spec }: { spec: OpenApiSpec }) {
  const failed = spec.processingState === 'complete' && spec.lastProcessErrorCode !== undefined;
  const className = isProcessing(spec.processingState)
    ? 'badge badge-processing'
    : failed
      ? 'badge badge-failed'
      : 'badge badge-published';
  return (
    <span className={className}>
      {failed ? 'Last upload failed' : PROCESSING_LABELS[spec.processingState]}
    </span>
  );
}

export function ProcessingProgress({ spec }: { spec: OpenApiSpec }) {
  const trpc = useTRPC();
  const processing = isProcessing(spec.processingState);
  const job = useQuery({
    ...trpc.jobs.get.queryOptions({ jobId: spec.job ?? '' }),
    enabled: processing && spec.job !== undefined,
    refetchInterval: processing ? PROCESSING_POLL_MS : false,
  });
  if (!processing) return null;
  const progress = job.data?.progress;
  const lastLine = job.data?.log.at(-1)?.message;
  return (
    <div className="spec-progress" role="status" aria-live="polite">
      <p className="spec-progress-label">
        <span className="spinner" aria-hidden="true" /> {PROCESSING_LABELS[spec.processingState]} the last
        upload…
      </p>
      {progress && progress.total > 0 ? (
        <progress max={progress.total} value={progress.done} aria-label="Processing progress" />
      ) : (
        <progress aria-label="Processing progress" />
      )}
      {lastLine && <p className="muted">{lastLine}</p>}
    </div>
  );
}
