/** Whether a spec is public (anyone with its public link) or private (the organization's members). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { useId } from 'react';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import type { OpenApiSpec } from './spec-types';

export function VisibilitySwitch({ organizationId, spec }: { organizationId: string; spec: OpenApiSpec }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const update = useMutation(
    trpc.openapi.update.mutationOptions({
      onSuccess: async (updated) => {
        queryClient.setQueryData(
          trpc.openapi.get.queryKey({ organizationId, specSlug: updated.slug }),
          updated,
        );
        await queryClient.invalidateQueries({ queryKey: trpc.openapi.list.queryKey() });
      },
    }),
  );
  const isPublic = spec.visibility === 'public';
  return (
    <div className="field">
      <span className="switch-field">
        <Switch.Root
          id={id}
          className="switch"
          checked={isPublic}
          disabled={!spec.permissions.edit || update.isPending}
          aria-describedby={`${id}-hint`}
          onCheckedChange={(checked) =>
            update.mutate({ organizationId, specSlug: spec.slug, visibility: checked ? 'public' : 'private' })
          }
        >
          <Switch.Thumb className="switch-thumb" />
        </Switch.Root>
        <label htmlFor={id}>Public</label>
      </span>
      <p id={`${id}-hint`} className="field-hint">
        {isPublic
          ? 'Anyone with its public link can read it.'
          : 'Only the organization’s members can read it.'}
      </p>
      {spec.urls.published !== undefined && (
        <p className="field-hint">
          Public link:{' '}
          <a href={spec.urls.published} target="_blank" rel="noreferrer">
            {spec.urls.published}
          </a>
        </p>
      )}
      <FormError error={update.error} />
    </div>
  );
}
