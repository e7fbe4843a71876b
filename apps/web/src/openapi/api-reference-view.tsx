/**
 * The newest version of a spec as an API reference: its files read from the server (a
 * version never changes, so they are kept as long as the page is open) handed to the
 * renderer, loaded lazily in a chunk of its own. The renderer reads one document: a spec
 * made of several files is given as the server bundled it (`bundled`: its refs to the other
 * files made internal), a spec of one file as that file.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTRPC } from '../api/trpc';
import { Loading, QueryState } from '../ui/states';

const ScalarReference = lazy(() => import('./scalar-reference'));

export function ApiReferenceView({
  organizationId,
  specSlug,
  versionId,
  title,
}: {
  organizationId: string;
  specSlug: string;
  versionId: string;
  title: string;
}) {
  const trpc = useTRPC();
  const content = useQuery({
    ...trpc.openapi.versions.content.queryOptions({ organizationId, specSlug, versionId }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <QueryState query={content} loading="Loading the reference…">
      {(data) => {
        const root = data.bundled ?? Object.values(data.filesystem)[0] ?? '';
        return (
          <Suspense fallback={<Loading label="Loading the reference renderer…" />}>
            <ScalarReference text={root} title={title} />
          </Suspense>
        );
      }}
    </QueryState>
  );
}
