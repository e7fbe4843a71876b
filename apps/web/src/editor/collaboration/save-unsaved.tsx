/**
 * The way out of a shared page the server keeps closing (`use-shared-page.ts`): what was typed
 * and never saved is sent as an ordinary edit of the page, once, on the person's word. Until
 * then, and if it fails, it stays on screen to copy.
 */
import { useMutation } from '@tanstack/react-query';
import { ErrorNotice } from '../../ui/states';

export function SaveUnsaved({ save }: { save: () => Promise<void> }) {
  const saving = useMutation({ mutationFn: save });
  if (saving.isSuccess)
    return (
      <p role="status" className="notice">
        Saved: what you typed is in the page&rsquo;s latest version.
      </p>
    );
  return (
    <div className="notice">
      <button
        type="button"
        className="button button-primary"
        disabled={saving.isPending}
        onClick={() => saving.mutate()}
      >
        {saving.isPending ? 'Saving…' : 'Save what you typed as an edit'}
      </button>
      {saving.isError && <ErrorNotice error={saving.error} title="What you typed could not be saved" />}
    </div>
  );
}
