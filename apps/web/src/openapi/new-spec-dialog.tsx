/**
 * Adding an OpenAPI specification (those who may create them): its slug and its first source.
 * The dialog stays open until the server answered; a refusal about a field (a slug outside
 * the rule or already taken, a URL it does not accept) shows on that field, any other one
 * under the form. The new spec opens once made, its first upload being processed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { fieldIssuesOf, messagesAt, unplacedIssues } from '../api/field-issues';
import { useTRPC } from '../api/trpc';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import { EMPTY_SOURCE, type SourceDraft, SourceFields, sourceOf } from './source-fields';

/** The server's rule for slugs (`OpenApiSlugSchema`), said for a person. */
export const SLUG_RULE =
  'Lowercase letters and digits, words joined by single hyphens (like petstore-v2), at most 100 characters. It is part of the spec’s address.';

export function NewSpecDialog({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [slug, setSlug] = useState('');
  const [source, setSource] = useState<SourceDraft>(EMPTY_SOURCE);
  const create = useMutation(
    trpc.openapi.create.mutationOptions({
      onSuccess: async (spec) => {
        setOpen(false);
        await queryClient.invalidateQueries({ queryKey: trpc.openapi.list.queryKey() });
        void navigate({
          to: '/o/$organizationId/openapi/$specSlug',
          params: { organizationId, specSlug: spec.slug },
        });
      },
    }),
  );
  const issues = fieldIssuesOf(create.error);
  const slugError = messagesAt(issues, 'slug').join(' ');
  const sourceError = messagesAt(issues, 'source').join(' ');
  // Anything not shown on a field shows under the form.
  const elsewhere = issues.length === 0 || unplacedIssues(issues, ['slug', 'source']).length > 0;
  const onOpenChange = (next: boolean) => {
    if (next) {
      setSlug('');
      setSource(EMPTY_SOURCE);
      create.reset();
    }
    setOpen(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ organizationId, slug: slug.trim(), source: sourceOf(source) });
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className="button button-primary">New spec</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-wide">
          <Dialog.Title>New spec</Dialog.Title>
          <Dialog.Description className="muted">
            An OpenAPI description of an API, rendered as a reference. Each upload becomes a version.
          </Dialog.Description>
          <form onSubmit={submit} className="form">
            <Field
              label="Slug"
              name="slug"
              required
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              hint={SLUG_RULE}
              error={slugError || undefined}
              value={slug}
              onChange={(event) => setSlug(event.target.value)}
            />
            <SourceFields draft={source} onChange={setSource} error={sourceError || undefined} />
            {elsewhere && <FormError error={create.error} />}
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
