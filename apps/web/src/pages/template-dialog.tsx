/**
 * Filling the space from one of the server's built-in templates (`templates.list`,
 * `spaces.content.template`): its pages are added after the space's own, live, as one new
 * revision. Offered only where edits go live: the API has no template into a change request.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { QueryState } from '../ui/states';

export function TemplateDialog({ spaceId, onClose }: { spaceId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const templates = useQuery(trpc.templates.list.queryOptions({}));
  const apply = useMutation(
    trpc.spaces.content.template.mutationOptions({
      onSuccess: async () => {
        onClose();
        await queryClient.invalidateQueries();
      },
    }),
  );
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Start from a template</Dialog.Title>
          <Dialog.Description className="muted">
            The template’s pages are added after the space’s own, live.
          </Dialog.Description>
          <QueryState query={templates} loading="Loading the templates…">
            {(data) => (
              <ul className="template-list">
                {data.items.map((template) => (
                  <li key={template.id}>
                    <span className="template-text">
                      <strong>{template.title}</strong>
                      <span className="muted">{template.description}</span>
                    </span>
                    <button
                      type="button"
                      className="button"
                      disabled={apply.isPending}
                      aria-label={`Use ${template.title}`}
                      onClick={() => apply.mutate({ spaceId, id: template.id })}
                    >
                      Use
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
          <FormError error={apply.error} />
          <div className="dialog-actions">
            <Dialog.Close className="button">Cancel</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
