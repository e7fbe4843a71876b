/**
 * An organization's OpenAPI specifications: each one's state (waiting, processing, processed,
 * failed), when it was last processed and, when its last upload failed, the code and the
 * reason. Read again every second while one is being processed. Those who may edit a spec
 * delete it here (after confirming); everyone else only reads.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTRPC } from '../api/trpc';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Empty, QueryState } from '../ui/states';
import { LastProcessError } from './last-process-error';
import { processedAt } from './processed-at';
import { ProcessingBadge } from './processing-status';
import { isProcessing, PROCESSING_POLL_MS } from './spec-states';
import type { OpenApiSpec } from './spec-types';

export function SpecsList({ organizationId, canCreate }: { organizationId: string; canCreate: boolean }) {
  const trpc = useTRPC();
  const specs = useQuery({
    ...trpc.openapi.list.queryOptions({ organizationId, limit: 100 }),
    refetchInterval: (query) =>
      query.state.data?.items.some((spec) => isProcessing(spec.processingState)) ? PROCESSING_POLL_MS : false,
  });
  const [deleting, setDeleting] = useState<OpenApiSpec | null>(null);
  return (
    <>
      <QueryState
        query={specs}
        loading="Loading API specs…"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <Empty title="No API specs yet">
            <p className="muted">
              An API spec is an OpenAPI description rendered as a reference.{' '}
              {canCreate ? 'Add the first one with “New spec”.' : 'Editors of the organization add them.'}
            </p>
          </Empty>
        }
      >
        {(data) => (
          <ul className="management-list" aria-label="API specs">
            {data.items.map((spec) => (
              <li key={spec.id} className="management-row spec-row">
                <span className="management-main">
                  <Link
                    to="/o/$organizationId/openapi/$specSlug"
                    params={{ organizationId, specSlug: spec.slug }}
                    className="site-link"
                  >
                    {spec.slug}
                  </Link>
                  <span className="muted">
                    {spec.lastProcessedAt === undefined
                      ? 'Never processed'
                      : `Last processed ${processedAt(spec.lastProcessedAt)}`}
                    {spec.visibility === 'public' ? ' · Public' : ' · Private'}
                  </span>
                  <LastProcessError spec={spec} compact />
                </span>
                <ProcessingBadge spec={spec} />
                {spec.permissions.delete && (
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`Delete ${spec.slug}`}
                    onClick={() => setDeleting(spec)}
                  >
                    Delete
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {deleting && (
        <DeleteSpec organizationId={organizationId} spec={deleting} onClose={() => setDeleting(null)} />
      )}
    </>
  );
}

function DeleteSpec({
  organizationId,
  spec,
  onClose,
}: {
  organizationId: string;
  spec: OpenApiSpec;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.openapi.remove.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.openapi.list.queryKey() });
        onClose();
      },
    }),
  );
  return (
    <ConfirmDialog
      onClose={onClose}
      heading={`Delete ${spec.slug}?`}
      description="The spec and all its versions are deleted. Pages that embed its operations will show them as missing."
      confirmLabel="Delete spec"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate({ organizationId, specSlug: spec.slug })}
    />
  );
}
