/**
 * An `openapi-operation` block as a page shows it (the read view and the editor's node):
 * the operation read from the newest processed version of the organization's spec. Its
 * states, each saying what to do: the spec does not exist (deleted, or a slug from another
 * organization), it has no processed version yet (read again every second while it is being
 * processed), its description cannot be read here (an old YAML version), or the operation is no longer in
 * it. The pointer (method and path) is always shown, so the block is never blank.
 */
import type { OpenApiMethod } from '@quire/documents/openapi-operation';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { apiErrorOf } from '../api/api-error';
import { useTRPC } from '../api/trpc';
import { findOperation, parseDescription } from './openapi-document';
import { MethodBadge, OperationView } from './operation-view';
import { isProcessing, PROCESSING_POLL_MS } from './spec-states';
import './operation-block.css';

export interface OperationPointer {
  spec: string;
  path: string;
  method: OpenApiMethod;
}

export function EmbeddedOperation({
  organizationId,
  pointer,
}: {
  organizationId: string | undefined;
  pointer: OperationPointer;
}) {
  return (
    <section
      className="operation-block"
      aria-label={'API operation ' + pointer.method.toUpperCase() + ' ' + pointer.path}
      data-openapi-operation=""
    >
      <header className="operation-header">
        <MethodBadge method={pointer.method} />
        <code className="operation-path">{pointer.path}</code>
      </header>
      {organizationId === undefined ? (
        <p className="operation-state">From the API spec “{pointer.spec}”.</p>
      ) : (
        <OperationBody organizationId={organizationId} pointer={pointer} />
      )}
    </section>
  );
}

function SpecLink({
  organizationId,
  spec,
  children,
}: {
  organizationId: string;
  spec: string;
  children: string;
}) {
  return (
    <Link to="/o/$organizationId/openapi/$specSlug" params={{ organizationId, specSlug: spec }}>
      {children}
    </Link>
  );
}

function OperationBody({ organizationId, pointer }: { organizationId: string; pointer: OperationPointer }) {
  const trpc = useTRPC();
  const spec = useQuery({
    ...trpc.openapi.get.queryOptions({ organizationId, specSlug: pointer.spec }),
    retry: false,
    refetchInterval: (query) =>
      query.state.data && isProcessing(query.state.data.processingState) ? PROCESSING_POLL_MS : false,
  });
  const versionId = spec.data?.lastVersion;
  const content = useQuery({
    ...trpc.openapi.versions.content.queryOptions({
      organizationId,
      specSlug: pointer.spec,
      versionId: versionId ?? '',
    }),
    enabled: versionId !== undefined,
    // A version never changes: its files are kept as long as the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The server's one JSON document (`bundled`: a YAML spec, or one of several files), else the JSON root.
  const root = content.data
    ? (content.data.bundled ?? Object.values(content.data.filesystem)[0] ?? '')
    : undefined;
  const document = useMemo(() => (root === undefined ? undefined : parseDescription(root)), [root]);

  if (spec.error) {
    const { status, message } = apiErrorOf(spec.error);
    return (
      <p className="operation-state operation-state-problem" role="note">
        {status === 404
          ? `The API spec “${pointer.spec}” does not exist in this organization: it was deleted or renamed. Edit the page to choose another operation.`
          : `The API spec “${pointer.spec}” could not be read: ${message}`}
      </p>
    );
  }
  if (!spec.data) return <p className="operation-state">Loading the API spec “{pointer.spec}”…</p>;
  if (versionId === undefined) {
    return (
      <p className="operation-state" role="status">
        {isProcessing(spec.data.processingState)
          ? `The API spec “${pointer.spec}” is still being processed: the operation appears once it is done.`
          : `The API spec “${pointer.spec}” has no processed version: its uploads failed.`}{' '}
        <SpecLink organizationId={organizationId} spec={pointer.spec}>
          Open the spec
        </SpecLink>
      </p>
    );
  }
  if (content.error)
    return (
      <p className="operation-state operation-state-problem" role="note">
        The API spec could not be read: {apiErrorOf(content.error).message}
      </p>
    );
  if (root === undefined) return <p className="operation-state">Loading the operation…</p>;
  if (document === undefined) {
    return (
      <p className="operation-state" role="note">
        This spec is not written in JSON, and the page shows operations of JSON specs only.{' '}
        <SpecLink organizationId={organizationId} spec={pointer.spec}>
          {`See ${pointer.method.toUpperCase()} ${pointer.path} in the spec’s reference`}
        </SpecLink>
      </p>
    );
  }
  const operation = findOperation(document, pointer.path, pointer.method);
  if (operation === undefined) {
    return (
      <p className="operation-state operation-state-problem" role="note">
        {`The newest version of the API spec “${pointer.spec}” has no operation ${pointer.method.toUpperCase()} ${pointer.path} any more. Edit the page to choose another one.`}{' '}
        <SpecLink organizationId={organizationId} spec={pointer.spec}>
          Open the spec
        </SpecLink>
      </p>
    );
  }
  return (
    <>
      <OperationView document={document} operation={operation} />
      <p className="operation-source muted">
        From the API spec{' '}
        <SpecLink organizationId={organizationId} spec={pointer.spec}>
          {pointer.spec}
        </SpecLink>
        .
      </p>
    </>
  );
}
