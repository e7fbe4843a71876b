/**
 * How the last import or export went: its state, when it started and ended, the commit it
 * read or pushed, the revision an import wrote (on the space's history), and why it failed.
 */
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { GitSyncRun } from './git-sync-types';
import { badgeLabel, badgeOf, runTime, shortSha } from './run-states';

export function LastRun({
  organizationId,
  spaceId,
  title,
  run,
}: {
  organizationId: string;
  spaceId: string;
  title: 'Last import' | 'Last export';
  run: GitSyncRun | undefined;
}) {
  const id = useId();
  const badge = run ? badgeOf(run) : undefined;
  return (
    <section className="git-run" aria-labelledby={id}>
      <h3 id={id}>
        {title}
        {badge && <span className={`badge badge-git-${badge}`}>{badgeLabel(badge)}</span>}
      </h3>
      {!run ? (
        <p className="muted">{title === 'Last import' ? 'Never imported.' : 'Never exported.'}</p>
      ) : (
        <dl className="git-run-facts">
          <dt>Started</dt>
          <dd>
            <time dateTime={run.startedAt}>{runTime(run.startedAt)}</time>
          </dd>
          {run.completedAt && (
            <>
              <dt>Completed</dt>
              <dd>
                <time dateTime={run.completedAt}>{runTime(run.completedAt)}</time>
              </dd>
            </>
          )}
          {run.commit && (
            <>
              <dt>Commit</dt>
              <dd>
                <code title={run.commit}>{shortSha(run.commit)}</code>
              </dd>
            </>
          )}
          {run.revision && title === 'Last import' && (
            <>
              <dt>Revision</dt>
              <dd>
                <Link
                  to="/o/$organizationId/s/$spaceId/~/history"
                  params={{ organizationId, spaceId }}
                  aria-label={`Revision ${run.revision} in the history`}
                >
                  <code>{run.revision}</code>
                </Link>
              </dd>
            </>
          )}
        </dl>
      )}
      {badge === 'running' && (
        <p className="git-run-going" role="status">
          <span className="spinner" aria-hidden="true" />{' '}
          {title === 'Last import' ? 'Importing…' : 'Exporting…'}
        </p>
      )}
      {badge === 'ignored' && (
        <p className="muted">A newer import or export had been applied: this one changed nothing.</p>
      )}
      {run?.state === 'failure' && run.error && (
        <p className="git-run-error">
          <span className="git-run-error-title">It failed:</span> {run.error.message}{' '}
          <span className="git-run-error-code">({run.error.code})</span>
        </p>
      )}
    </section>
  );
}
