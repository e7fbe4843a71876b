/**
 * An organization's home: its collections and spaces as a tree (rearranged, renamed and
 * deleted there), making new ones, and the spaces deleted lately, to restore.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { ContentTreeEditor } from '../organizations/content-tree-editor';
import { RecentlyDeleted } from '../organizations/recently-deleted';
import { Empty, ErrorNotice, Loading } from '../ui/states';
import { TitleDialog } from '../ui/title-dialog';

export const Route = createLazyRoute('/signedIn/o/$organizationId/')({ component: OrganizationHome });

function OrganizationHome() {
  const { organizationId } = Route.useParams();
  const trpc = useTRPC();
  const organization = useQuery(trpc.orgs.get.queryOptions({ organizationId }));
  const collections = useQuery(trpc.collections.list.queryOptions({ organizationId, limit: 1000 }));
  const spaces = useQuery(trpc.spaces.list.queryOptions({ organizationId, limit: 1000 }));
  const failed = collections.error ?? spaces.error;

  let content: ReactNode;
  if (failed) {
    content = (
      <ErrorNotice
        error={failed}
        retry={() => {
          void collections.refetch();
          void spaces.refetch();
        }}
      />
    );
  } else if (!collections.data || !spaces.data) {
    content = <Loading label="Loading spaces…" />;
  } else if (collections.data.items.length === 0 && spaces.data.items.length === 0) {
    content = (
      <Empty title="No spaces yet">
        <p className="muted">A space holds the pages of one body of documentation. Create the first one.</p>
      </Empty>
    );
  } else {
    content = (
      <ContentTreeEditor
        organizationId={organizationId}
        collections={collections.data.items}
        spaces={spaces.data.items}
      />
    );
  }

  return (
    <main id="main" className="page-main narrow">
      <div className="heading-row">
        <h1>{organization.data?.title ?? 'Spaces'}</h1>
        <div className="heading-actions">
          <CreateDialog kind="collection" organizationId={organizationId} />
          <CreateDialog kind="space" organizationId={organizationId} />
        </div>
      </div>
      {content}
      <RecentlyDeleted organizationId={organizationId} />
    </main>
  );
}

function CreateDialog({ kind, organizationId }: { kind: 'space' | 'collection'; organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const onCreated = async () => {
    setOpen(false);
    await queryClient.invalidateQueries({ queryKey: trpc.spaces.list.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.collections.list.queryKey() });
  };
  const createSpace = useMutation(
    trpc.spaces.create.mutationOptions({
      onSuccess: async (space) => {
        await onCreated();
        void navigate({ to: '/o/$organizationId/s/$spaceId', params: { organizationId, spaceId: space.id } });
      },
    }),
  );
  const createCollection = useMutation(trpc.collections.create.mutationOptions({ onSuccess: onCreated }));
  const mutation = kind === 'space' ? createSpace : createCollection;
  return (
    <TitleDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Dialog.Trigger className={kind === 'space' ? 'button button-primary' : 'button'}>
          New {kind}
        </Dialog.Trigger>
      }
      heading={`New ${kind}`}
      description={
        kind === 'space'
          ? 'A space holds the pages of one body of documentation.'
          : 'A collection groups spaces and other collections.'
      }
      submitLabel="Create"
      pending={mutation.isPending}
      error={mutation.error}
      onSubmit={(title) => {
        if (kind === 'space') createSpace.mutate({ organizationId, title });
        else createCollection.mutate({ organizationId, title });
      }}
    />
  );
}
