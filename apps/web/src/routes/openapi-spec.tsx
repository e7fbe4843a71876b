/**
 * An API spec: its state (read every second while an upload is processed, with the job's
 * progress) and the last upload's error above its tabs: the newest good version rendered as
 * an API reference (still shown when a later upload failed), the versions, and the
 * visibility with a new upload (editors).
 */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useTRPC } from '../api/trpc';
import { ApiReferenceView } from '../openapi/api-reference-view';
import { LastProcessError } from '../openapi/last-process-error';
import { processedAt } from '../openapi/processed-at';
import { ProcessingBadge, ProcessingProgress } from '../openapi/processing-status';
import { isProcessing, PROCESSING_POLL_MS } from '../openapi/spec-states';
import { UploadSource } from '../openapi/upload-source';
import { VersionsList } from '../openapi/versions-list';
import { VisibilitySwitch } from '../openapi/visibility-switch';
import { ErrorNotice, Loading } from '../ui/states';
import '../management/management.css';
import '../sites/sites.css';
import '../openapi/openapi.css';

export const Route = createLazyRoute('/signedIn/o/$organizationId/openapi/$specSlug')({
  component: SpecScreen,
});

function SpecScreen() {
  const { organizationId, specSlug } = Route.useParams();
  const trpc = useTRPC();
  const spec = useQuery({
    ...trpc.openapi.get.queryOptions({ organizationId, specSlug }),
    refetchInterval: (query) =>
      query.state.data && isProcessing(query.state.data.processingState) ? PROCESSING_POLL_MS : false,
  });
  if (spec.error)
    return (
      <main id="main" className="page-main narrow">
        <ErrorNotice error={spec.error} retry={() => void spec.refetch()} />
      </main>
    );
  if (!spec.data)
    return (
      <main id="main" className="page-main narrow">
        <Loading label="Loading the spec…" />
      </main>
    );
  const data = spec.data;
  return (
    <main id="main" className="page-main spec-main">
      <div className="narrow-column">
        <Link to="/o/$organizationId/openapi" params={{ organizationId }} className="back-link">
          ← All API specs
        </Link>
        <div className="heading-row">
          <h1>{data.slug}</h1>
          <ProcessingBadge spec={data} />
        </div>
        <p className="muted">
          {data.lastProcessedAt === undefined
            ? 'Not processed yet.'
            : `Last processed ${processedAt(data.lastProcessedAt)}.`}
          {data.sourceURL !== undefined && (
            <>
              {' '}
              Source: <span className="spec-source-url">{data.sourceURL}</span>
            </>
          )}
        </p>
        <ProcessingProgress spec={data} />
        <LastProcessError spec={data} />
      </div>
      <Tabs.Root defaultValue="reference">
        <div className="narrow-column">
          <Tabs.List className="tabs-list" aria-label="API spec">
            <Tabs.Trigger value="reference" className="tabs-trigger">
              Reference
            </Tabs.Trigger>
            <Tabs.Trigger value="versions" className="tabs-trigger">
              Versions
            </Tabs.Trigger>
            <Tabs.Trigger value="settings" className="tabs-trigger">
              {data.permissions.edit ? 'Upload and visibility' : 'Visibility'}
            </Tabs.Trigger>
          </Tabs.List>
        </div>
        <Tabs.Content value="reference" className="spec-reference">
          {data.lastVersion === undefined ? (
            <p className="muted narrow-column">The reference appears once an upload is processed.</p>
          ) : (
            <ApiReferenceView
              organizationId={organizationId}
              specSlug={specSlug}
              versionId={data.lastVersion}
              title={data.slug}
            />
          )}
        </Tabs.Content>
        <Tabs.Content value="versions" className="narrow-column">
          <VersionsList organizationId={organizationId} specSlug={specSlug} lastVersion={data.lastVersion} />
        </Tabs.Content>
        <Tabs.Content value="settings" className="narrow-column">
          <VisibilitySwitch organizationId={organizationId} spec={data} />
          {data.permissions.edit && <UploadSource organizationId={organizationId} spec={data} />}
        </Tabs.Content>
      </Tabs.Root>
    </main>
  );
}
