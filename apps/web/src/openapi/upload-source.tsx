/**
 * Uploading a new source for a spec (those who may edit it): a URL or a pasted description.
 * The spec answers at once, waiting to be processed; the screen follows it from there. A
 * refusal of the source shows on its field.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { fieldIssuesOf, messagesAt, unplacedIssues } from '../api/field-issues';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { EMPTY_SOURCE, type SourceDraft, SourceFields, sourceOf } from './source-fields';
import type { OpenApiSpec } from './spec-types';

export function UploadSource({ organizationId, spec }: { organizationId: string; spec: OpenApiSpec }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<SourceDraft>(
    spec.sourceURL === undefined ? EMPTY_SOURCE : { ...EMPTY_SOURCE, url: spec.sourceURL },
  );
  const put = useMutation(
    trpc.openapi.put.mutationOptions({
      onSuccess: async (updated) => {
        queryClient.setQueryData(
          trpc.openapi.get.queryKey({ organizationId, specSlug: updated.slug }),
          updated,
        );
        await queryClient.invalidateQueries({ queryKey: trpc.openapi.list.queryKey() });
      },
    }),
  );
  const issues = fieldIssuesOf(put.error);
  const sourceError = messagesAt(issues, 'source').join(' ');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    put.mutate({ organizationId, specSlug: spec.slug, source: sourceOf(source) });
  };
  return (
    <section className="management-section" aria-labelledby="upload-heading">
      <h2 id="upload-heading">Upload a new version</h2>
      <form onSubmit={submit} className="form">
        <SourceFields draft={source} onChange={setSource} error={sourceError || undefined} />
        {(issues.length === 0 || unplacedIssues(issues, ['source']).length > 0) && (
          <FormError error={put.error} />
        )}
        <div>
          <button type="submit" className="button button-primary" disabled={put.isPending}>
            Upload
          </button>
        </div>
      </form>
    </section>
  );
}
