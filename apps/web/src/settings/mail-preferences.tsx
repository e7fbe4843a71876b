/**
 * The person's mail preference (`user.preferences`): whether review requests and mentions are
 * also mailed to them. Saved as soon as it is changed; the box shows the server's answer.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { QueryState } from '../ui/states';

export function MailPreferences() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const preferences = useQuery(trpc.user.preferences.get.queryOptions({}));
  const update = useMutation(
    trpc.user.preferences.update.mutationOptions({
      onSuccess: (answer) => queryClient.setQueryData(trpc.user.preferences.get.queryKey({}), answer),
    }),
  );
  return (
    <section className="management-section" aria-labelledby="mail-preferences-title">
      <h2 id="mail-preferences-title">Mail</h2>
      <FormError error={update.error} />
      <QueryState query={preferences} loading="Loading your preferences…">
        {(data) => (
          <label className="management-row">
            <input
              type="checkbox"
              checked={data.emailNotifications}
              disabled={update.isPending}
              onChange={(event) => update.mutate({ emailNotifications: event.currentTarget.checked })}
            />{' '}
            Mail me when someone asks me to review a change request or mentions me
          </label>
        )}
      </QueryState>
    </section>
  );
}
