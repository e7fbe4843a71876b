/**
 * What the last edit of the page tree did, at the foot of the screen (seen with the tree's
 * drawer closed, on a phone): where it landed (the space, or a change request, linked), an
 * undo where the edit has one; or why it was refused: the server's message, or the conflicts
 * with what changed since the tree was read, nothing written.
 */
import { Link } from '@tanstack/react-router';
import { apiErrorOf } from '../api/api-error';
import { contentConflictsOf } from '../api/content-conflicts';
import type { SentChanges } from './send-page-changes';
import './pages.css';

export type Outcome =
  | { kind: 'done'; message: string; landed: SentChanges['landed']; undo?: () => void }
  | { kind: 'failed'; error: unknown };

export function PageOutcome({
  outcome,
  organizationId,
  spaceId,
  pending,
  titleOf,
  onDismiss,
  onReload,
}: {
  outcome: Outcome | null;
  organizationId: string;
  spaceId: string;
  pending: boolean;
  titleOf: (pageId: string) => string | undefined;
  onDismiss: () => void;
  onReload: () => void;
}) {
  const conflicts = outcome?.kind === 'failed' ? contentConflictsOf(outcome.error) : [];
  return (
    <div className="page-outcome-region">
      <div aria-live="polite">
        {outcome?.kind === 'done' && (
          <div className="page-outcome">
            <p>
              {outcome.message}{' '}
              {outcome.landed.kind === 'changeRequest' && (
                <>
                  Saved into{' '}
                  <Link
                    to="/o/$organizationId/s/$spaceId/~/changes/$number"
                    params={{ organizationId, spaceId, number: String(outcome.landed.number) }}
                  >
                    change request #{outcome.landed.number}
                  </Link>
                  .
                </>
              )}
            </p>
            {outcome.undo && (
              <button type="button" className="button" disabled={pending} onClick={outcome.undo}>
                Undo
              </button>
            )}
            <button type="button" className="button" aria-label="Dismiss" onClick={onDismiss}>
              ✕
            </button>
          </div>
        )}
      </div>
      {outcome?.kind === 'failed' &&
        (conflicts.length > 0 ? (
          <div className="page-outcome page-outcome-failed" role="alert">
            <p className="state-title">
              Not saved: these pages changed since the tree was read, in the same places
            </p>
            <ul>
              {conflicts.map((conflict) => (
                <li key={`${conflict.page}-${conflict.field}`}>
                  {titleOf(conflict.page) ?? 'Page ' + conflict.page}: {conflict.field}{' '}
                  <span className="muted">({conflict.reason})</span>
                </li>
              ))}
            </ul>
            <p className="muted">{apiErrorOf(outcome.error).message}</p>
            <button type="button" className="button" onClick={onReload}>
              Load the latest tree
            </button>
          </div>
        ) : (
          <div className="page-outcome page-outcome-failed" role="alert">
            <p>Not saved: {apiErrorOf(outcome.error).message}</p>
            <button type="button" className="button" aria-label="Dismiss" onClick={onDismiss}>
              ✕
            </button>
          </div>
        ))}
    </div>
  );
}
