/**
 * A site's share links: each one's name and URL (the URL carries its secret, so it is copied
 * rather than retyped), switched off and on (an inactive link lets nobody in), or deleted;
 * a new one is made with a name.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import { Empty, QueryState } from '../ui/states';
import type { ShareLink } from './site-types';

interface SiteRef {
  organizationId: string;
  siteId: string;
}

function useRefreshLinks() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.sites.shareLinks.list.queryKey() });
}

export function ShareLinks({ organizationId, siteId }: SiteRef) {
  const trpc = useTRPC();
  const siteRef = { organizationId, siteId };
  const links = useQuery(trpc.sites.shareLinks.list.queryOptions(siteRef));
  const refresh = useRefreshLinks();
  const update = useMutation(trpc.sites.shareLinks.update.mutationOptions({ onSuccess: refresh }));
  const [removing, setRemoving] = useState<ShareLink | null>(null);
  return (
    <section className="management-section" aria-labelledby="share-links-title">
      <h2 id="share-links-title">Share links</h2>
      <CreateShareLink site={siteRef} />
      <FormError error={update.error} />
      <QueryState
        query={links}
        loading="Loading share links…"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <Empty title="No share links yet">
            Make one for each audience, so each can be switched off alone.
          </Empty>
        }
      >
        {(data) => (
          <ul className="management-list" aria-label="Share links">
            {data.items.map((link) => (
              <ShareLinkRow
                key={link.id}
                link={link}
                busy={update.isPending}
                onActiveChange={(active) => update.mutate({ ...siteRef, shareLinkId: link.id, active })}
                onRemove={() => setRemoving(link)}
              />
            ))}
          </ul>
        )}
      </QueryState>
      {removing && <DeleteShareLinkDialog site={siteRef} link={removing} onClose={() => setRemoving(null)} />}
    </section>
  );
}

function CreateShareLink({ site }: { site: SiteRef }) {
  const trpc = useTRPC();
  const refresh = useRefreshLinks();
  const [name, setName] = useState('');
  const create = useMutation(
    trpc.sites.shareLinks.create.mutationOptions({
      onSuccess: async () => {
        setName('');
        await refresh();
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ ...site, name: name.trim() });
  };
  return (
    <form className="inline-form" onSubmit={submit}>
      <Field
        label="New share link"
        name="share-link-name"
        required
        maxLength={50}
        value={name}
        hint="A name saying who holds it, e.g. “Beta customers”."
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="button" disabled={create.isPending}>
        Create link
      </button>
      <FormError error={create.error} />
    </form>
  );
}

function ShareLinkRow({
  link,
  busy,
  onActiveChange,
  onRemove,
}: {
  link: ShareLink;
  busy: boolean;
  onActiveChange: (active: boolean) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const url = link.urls.published;
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      // A browser that refuses the clipboard (no permission, no secure context): the URL
      // is in the field next to the button, to select and copy by hand.
      setCopied('failed');
    }
  };
  const { active } = link;
  return (
    <li className="management-row share-link-row">
      <span className="management-main">
        <strong>{link.name}</strong>
        <span className="muted">
          {active ? 'Active: its holders can read the site' : 'Inactive: it lets nobody in'}
        </span>
      </span>
      {url ? (
        <input
          className="invite-url"
          readOnly
          value={url}
          aria-label={`URL of ${link.name}`}
          onFocus={(event) => event.target.select()}
        />
      ) : (
        <span className="muted">Its URL appears once the site is published.</span>
      )}
      {url && (
        <button type="button" className="button button-small" onClick={() => void copy()}>
          Copy URL<span className="visually-hidden"> of {link.name}</span>
        </button>
      )}
      <span className="switch-field">
        <Switch.Root
          id={id}
          className="switch"
          checked={active}
          disabled={busy}
          onCheckedChange={onActiveChange}
        >
          <Switch.Thumb className="switch-thumb" />
        </Switch.Root>
        <label htmlFor={id}>
          Active<span className="visually-hidden"> ({link.name})</span>
        </label>
      </span>
      <button
        type="button"
        className="button button-small"
        onClick={onRemove}
        aria-label={`Delete ${link.name}`}
      >
        Delete
      </button>
      <span aria-live="polite" className="copy-outcome">
        {copied === 'copied' && 'Copied.'}
        {copied === 'failed' && 'The browser refused: select the URL and copy it.'}
      </span>
    </li>
  );
}

function DeleteShareLinkDialog({
  site,
  link,
  onClose,
}: {
  site: SiteRef;
  link: ShareLink;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshLinks();
  const remove = useMutation(
    trpc.sites.shareLinks.remove.mutationOptions({
      onSuccess: async () => {
        await refresh();
        onClose();
      },
    }),
  );
  return (
    <ConfirmDialog
      onClose={onClose}
      heading={`Delete ${link.name}?`}
      description="Whoever holds this link can no longer read the site."
      confirmLabel="Delete"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate({ ...site, shareLinkId: link.id })}
    />
  );
}
