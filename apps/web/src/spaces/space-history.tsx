/**
 * A space's history: its revisions, newest first, with who made each, when and why (edits, a
 * merged change request, a restore); opening one shows what it changed against the revision
 * before it (pages added, removed, moved, and a line diff of each page edited), and, to whoever
 * may edit, how to restore the space or one page as they were after it (`revision-restore.tsx`).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Accordion } from 'radix-ui';
import { useMemo, useState } from 'react';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { ChangeList } from '../change-requests/change-list';
import { Empty, QueryState } from '../ui/states';
import { RevisionRestore } from './revision-restore';
import '../pages/pages.css';
import '../management/management.css';

type Revision = RouterOutputs['spaces']['revisions']['list']['items'][number];

const REVISION_KINDS: Readonly<Record<Revision['type'], string>> = {
  edits: 'Edited',
  merge: 'Merged a change request',
  update: 'Updated a change request',
  rollback: 'Restored an earlier revision',
};

/** How many revisions one screen shows (the newest). */
const HISTORY_LIMIT = 50;

export function SpaceHistory({ organizationId, spaceId }: { organizationId: string; spaceId: string }) {
  const trpc = useTRPC();
  const revisions = useQuery(trpc.spaces.revisions.list.queryOptions({ spaceId, limit: HISTORY_LIMIT }));
  const [opened, setOpened] = useState<string[]>([]);
  return (
    <QueryState
      query={revisions}
      loading="Loading the history…"
      isEmpty={(data) => data.items.length === 0}
      empty={
        <Empty title="No history yet">Each edit and each merged change request adds a revision here.</Empty>
      }
    >
      {(data) => (
        <>
          {data.count > data.items.length && (
            <p className="muted">
              The {data.items.length} latest of {data.count} revisions.
            </p>
          )}
          <Accordion.Root
            type="multiple"
            value={opened}
            onValueChange={setOpened}
            className="management-list"
          >
            {data.items.map((revision) => (
              <Accordion.Item key={revision.id} value={revision.id} className="revision-item">
                <Accordion.Header asChild>
                  <h2 className="revision-heading">
                    <Accordion.Trigger className="revision-trigger">
                      <span className="management-main">
                        <strong>{REVISION_KINDS[revision.type]}</strong>
                        <span className="muted">
                          by {revision.createdBy.displayName}, {new Date(revision.createdAt).toLocaleString()}
                        </span>
                      </span>
                      <span aria-hidden="true" className="chevron">
                        ▾
                      </span>
                    </Accordion.Trigger>
                  </h2>
                </Accordion.Header>
                <Accordion.Content className="revision-content">
                  {revision.changeRequest && (
                    <p>
                      <Link
                        to="/o/$organizationId/s/$spaceId/~/changes/$number"
                        params={{ organizationId, spaceId, number: revision.changeRequest }}
                      >
                        Open the change request
                      </Link>
                    </p>
                  )}
                  {opened.includes(revision.id) && (
                    <>
                      <RevisionChanges
                        spaceId={spaceId}
                        revisionId={revision.id}
                        parentId={revision.parents[0]}
                      />
                      <RevisionRestore
                        organizationId={organizationId}
                        spaceId={spaceId}
                        revisionId={revision.id}
                      />
                    </>
                  )}
                </Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </>
      )}
    </QueryState>
  );
}

/**
 * What a revision changed against its first parent; rendered, each side's blocks (their
 * reusable contents) are read as they were: at the parent before, at the revision after.
 */
function RevisionChanges({
  spaceId,
  revisionId,
  parentId,
}: {
  spaceId: string;
  revisionId: string;
  parentId: string | undefined;
}) {
  const trpc = useTRPC();
  const changes = useQuery(trpc.spaces.revisions.changes.queryOptions({ spaceId, revisionId }));
  const sources = useMemo(
    () => ({
      after: { spaceId, revisionId },
      ...(parentId !== undefined ? { before: { spaceId, revisionId: parentId } } : {}),
    }),
    [spaceId, revisionId, parentId],
  );
  return (
    <QueryState query={changes} loading="Loading the changes…">
      {(data) => (
        <ChangeList
          sources={sources}
          changes={data.changes}
          more={data.more}
          empty={<p className="muted">This revision changed no page or file.</p>}
        />
      )}
    </QueryState>
  );
}
