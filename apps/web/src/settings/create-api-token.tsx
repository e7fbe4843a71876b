/**
 * Creating an API token for oneself (`user.tokens.create`): a name, then the token shown this
 * once, to copy. The server refuses what its rules refuse (a session an identity provider
 * opened, an organization holding the person to single sign-on, too many tokens), and the
 * form says why; the list of tokens is read again after a success.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { CopyLink } from '../members/copy-link';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import './create-api-token.css';

export function CreateApiToken() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const create = useMutation(
    trpc.user.tokens.create.mutationOptions({
      onSuccess: () => {
        setName('');
        return queryClient.invalidateQueries({ queryKey: trpc.user.tokens.list.queryKey() });
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim() });
  };
  if (create.data)
    return (
      <div className="notice create-api-token" role="status">
        <p>
          <strong>{create.data.name}</strong> is created. Copy it now: it is not shown again.
        </p>
        <CopyLink url={create.data.token} label={`API token ${create.data.name}`} noun="token" />
        <p>
          <button type="button" className="button button-small" onClick={() => create.reset()}>
            Done
          </button>
        </p>
      </div>
    );
  return (
    <form onSubmit={submit} className="form create-api-token" aria-label="Create an API token">
      <Field
        label="New token's name"
        name="tokenName"
        hint="Where you will use it, to recognise it later (it acts as you, in every organization of yours)."
        required
        maxLength={64}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <FormError error={create.error} />
      <button
        type="submit"
        className="button button-primary"
        disabled={create.isPending || name.trim() === ''}
      >
        {create.isPending ? 'Creating…' : 'Create token'}
      </button>
    </form>
  );
}
