/**
 * An organization's home: its collections and spaces as a tree (rearranged, renamed and
 * deleted there), making new ones, and the spaces deleted lately, to restore.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { apiErrorOf } from '../api/api-error';
import { useTRPC } from '../api/trpc';
import { ContentTreeEditor } from '../organizations/content-tree-editor';
import { RecentlyDeleted } from '../organizations/recently-deleted';
import { Field } from '../ui/field';
import { Empty, ErrorNotice, Loading } from '../ui/states';

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
  const [title, setTitle] = useState('');
  const onCreated = async () => {
    setOpen(false);
    setTitle('');
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind === 'space') createSpace.mutate({ organizationId, title: title.trim() });
    else createCollection.mutate({ organizationId, title: title.trim() });
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={kind === 'space' ? 'button button-primary' : 'button'}>
        New {kind}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>New {kind}</Dialog.Title>
          <Dialog.Description className="muted">
            {kind === 'space'
              ? 'A space holds the pages of one body of documentation.'
              : 'A collection groups spaces and other collections.'}
          </Dialog.Description>
          <form onSubmit={submit} className="form">
            <Field
              label="Title"
              name="title"
              required
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
            {mutation.error && (
              <p className="form-error" role="alert">
                {apiErrorOf(mutation.error).message}
              </p>
            )}
            <div className="dialog-actions">
              <Dialog.Close className="button">Cancel</Dialog.Close>
              <button type="submit" className="button button-primary" disabled={mutation.isPending}>
                Create
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
