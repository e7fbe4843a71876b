/**
 * `/`: the person's first organization; with none, a way to make one.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { createLazyRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { Brand } from '../ui/brand';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import { Empty, QueryState } from '../ui/states';

export const Route = createLazyRoute('/signedIn/')({ component: Home });

function Home() {
  const trpc = useTRPC();
  const organizations = useQuery(trpc.orgs.list.queryOptions({ limit: 100 }));
  return (
    <main className="screen-center">
      <QueryState
        query={organizations}
        loading="Loading your organizations…"
        isEmpty={(page) => page.items.length === 0}
        empty={<NoOrganization />}
      >
        {(page) => (
          <Navigate to="/o/$organizationId" params={{ organizationId: page.items[0]!.id }} replace />
        )}
      </QueryState>
    </main>
  );
}

function NoOrganization() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const create = useMutation(
    trpc.orgs.create.mutationOptions({
      onSuccess: (organization) =>
        navigate({ to: '/o/$organizationId', params: { organizationId: organization.id } }),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ title: title.trim() });
  };
  return (
    <div className="card">
      <Brand />
      <Empty title="You are not a member of any organization yet">
        <p className="muted">Ask someone for an invite link, or create an organization of your own.</p>
      </Empty>
      <form onSubmit={submit} className="form">
        <Field
          label="Organization name"
          name="title"
          required
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <FormError error={create.error} />
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          Create organization
        </button>
      </form>
    </div>
  );
}
