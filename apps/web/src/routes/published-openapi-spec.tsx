/**
 * A 'public' API spec as its API reference, for anyone: the page its `urls.published` names.
 * No session is needed (the server answers a public spec to anonymous callers); a private or
 * missing spec reads as not found, as the API answers it.
 */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute } from '@tanstack/react-router';
import { useTRPC } from '../api/trpc';
import { ApiReferenceView } from '../openapi/api-reference-view';
import { ErrorNotice, Loading } from '../ui/states';
import '../openapi/openapi.css';

export const Route = createLazyRoute('/~openapi/$organizationId/$specSlug')({
  component: PublishedSpecScreen,
});

function PublishedSpecScreen() {
  const { organizationId, specSlug } = Route.useParams();
  const trpc = useTRPC();
  const spec = useQuery(trpc.openapi.get.queryOptions({ organizationId, specSlug }));
  if (spec.error)
    return (
      <main id="main" className="screen-center">
        <ErrorNotice error={spec.error} title="Not found" />
      </main>
    );
  if (!spec.data)
    return (
      <main id="main" className="screen-center">
        <Loading label="Loading the API reference…" />
      </main>
    );
  const { slug, lastVersion } = spec.data;
  return (
    <main id="main" className="published-spec">
      {lastVersion === undefined ? (
        <p className="muted screen-center">This API reference has no processed version yet.</p>
      ) : (
        <ApiReferenceView
          organizationId={organizationId}
          specSlug={specSlug}
          versionId={lastVersion}
          title={slug}
        />
      )}
    </main>
  );
}
