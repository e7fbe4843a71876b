/** A spec's versions (each upload processed without error), newest first. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '../api/trpc';
import { Empty, QueryState } from '../ui/states';
import { processedAt } from './processed-at';

const SPEC_VERSION_LABELS = { '2.0': 'Swagger 2.0', '3.0': 'OpenAPI 3.0', '3.1': 'OpenAPI 3.1' } as const;

export function VersionsList({
  organizationId,
  specSlug,
  lastVersion,
}: {
  organizationId: string;
  specSlug: string;
  /** The newest version: the list is read again when it changes. */
  lastVersion: string | undefined;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const versions = useQuery(
    trpc.openapi.versions.list.queryOptions({ organizationId, specSlug, limit: 100 }),
  );
  // A processed upload changes the spec's newest version: the list is read again then.
  const shownFor = useRef(lastVersion);
  useEffect(() => {
    if (shownFor.current === lastVersion) return;
    shownFor.current = lastVersion;
    void queryClient.invalidateQueries({
      queryKey: trpc.openapi.versions.list.queryKey({ organizationId, specSlug }),
    });
  }, [lastVersion, organizationId, specSlug, queryClient, trpc]);
  return (
    <QueryState
      query={versions}
      loading="Loading versions…"
      isEmpty={(data) => data.items.length === 0}
      empty={<Empty title="No version yet">Each upload processed without error becomes a version.</Empty>}
    >
      {(data) => (
        <ol className="management-list" aria-label="Versions">
          {data.items.map((version, index) => (
            <li key={version.id} className="management-row">
              <span className="management-main">
                <span>
                  <span className="version-title">{version.title ?? 'Untitled'}</span>
                  {index === 0 && <span className="badge">Newest</span>}
                </span>
                <span className="muted">
                  {SPEC_VERSION_LABELS[version.specVersion]} · {version.operations}{' '}
                  {version.operations === 1 ? 'operation' : 'operations'} · {processedAt(version.createdAt)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}
