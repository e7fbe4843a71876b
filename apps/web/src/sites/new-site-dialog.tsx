/**
 * Making a site (organization admins): its title, its visibility, and the spaces it starts
 * with (none, or some of the organization's). The dialog stays open until the server answered
 * and shows its refusal; the new site opens once made.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import type { SiteVisibility } from './site-types';
import { VisibilitySelect } from './visibility-select';

export function NewSiteDialog({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [visibility, setVisibility] = useState<SiteVisibility>('public');
  const [spaceIds, setSpaceIds] = useState<ReadonlySet<string>>(new Set());
  const spaces = useQuery({
    ...trpc.spaces.list.queryOptions({ organizationId, limit: 1000 }),
    enabled: open,
  });
  const create = useMutation(
    trpc.sites.create.mutationOptions({
      onSuccess: async (site) => {
        setOpen(false);
        await queryClient.invalidateQueries({ queryKey: trpc.sites.list.queryKey() });
        void navigate({
          to: '/o/$organizationId/sites/$siteId',
          params: { organizationId, siteId: site.id },
        });
      },
    }),
  );
  const onOpenChange = (next: boolean) => {
    if (next) {
      setTitle('');
      setVisibility('public');
      setSpaceIds(new Set());
      create.reset();
    }
    setOpen(next);
  };
  const toggle = (spaceId: string, checked: boolean) => {
    const next = new Set(spaceIds);
    if (checked) next.add(spaceId);
    else next.delete(spaceId);
    setSpaceIds(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      organizationId,
      title: title.trim(),
      visibility,
      ...(spaceIds.size > 0 ? { spaces: [...spaceIds] } : {}),
    });
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className="button button-primary">New site</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>New site</Dialog.Title>
          <Dialog.Description className="muted">
            A site publishes spaces as docs for readers. It starts unpublished.
          </Dialog.Description>
          <form onSubmit={submit} className="form">
            <Field
              label="Title"
              name="title"
              required
              value={title}
              onChange={(e) => setTitle(e.target.value)}
            />
            <VisibilitySelect value={visibility} onChange={setVisibility} />
            <fieldset className="space-choices">
              <legend>Spaces to publish</legend>
              {spaces.isPending && <p className="muted">Loading spaces…</p>}
              {spaces.error && <FormError error={spaces.error} />}
              {spaces.data?.items.length === 0 && <p className="muted">The organization has no space yet.</p>}
              {spaces.data?.items.map((space) => (
                <label key={space.id} className="checkbox-field">
                  <input
                    type="checkbox"
                    checked={spaceIds.has(space.id)}
                    onChange={(event) => toggle(space.id, event.target.checked)}
                  />
                  {space.title || 'Untitled space'}
                </label>
              ))}
            </fieldset>
            <FormError error={create.error} />
            <div className="dialog-actions">
              <Dialog.Close className="button">Cancel</Dialog.Close>
              <button type="submit" className="button button-primary" disabled={create.isPending}>
                Create
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
