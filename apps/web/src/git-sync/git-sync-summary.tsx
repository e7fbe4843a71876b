/** The Git settings a space is synchronized with, as saved: repository, ref and folder. */

import type { GitSyncState } from './git-sync-types';
import { runTime } from './run-states';

export function GitSyncSummary({ info }: { info: GitSyncState }) {
  return (
    <dl className="git-sync-summary">
      <dt>Repository</dt>
      <dd>
        {/^https?:\/\//.test(info.url) ? (
          <a href={info.url} target="_blank" rel="noreferrer noopener">
            {info.repoName}
          </a>
        ) : (
          info.repoName
        )}{' '}
        <code className="muted">{info.repository}</code>
      </dd>
      <dt>Ref</dt>
      <dd>
        <code>{info.ref}</code>
      </dd>
      <dt>Project directory</dt>
      <dd>{info.projectDirectory ? <code>{info.projectDirectory}</code> : 'The root of the repository'}</dd>
      <dt>Updated</dt>
      <dd>
        <time dateTime={info.updatedAt}>{runTime(info.updatedAt)}</time>
      </dd>
    </dl>
  );
}
