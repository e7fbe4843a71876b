/**
 * An endpoint's delivery log (newest first): each delivery's event, status, attempts, last
 * answer and duration, the start of what the receiver answered, and a button to send it again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { QueryState } from '../ui/states';

const STATUS_LABELS = {
  waiting: 'Waiting',
  pending: 'Sending',
  succeeded: 'Delivered',
  failed: 'Failed',
} as const;

export function WebhookDeliveries({
  organizationId,
  webhookId,
  active,
}: {
  organizationId: string;
  webhookId: string;
  active: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const deliveries = useQuery(
    trpc.orgs.webhooks.deliveries.list.queryOptions({ organizationId, webhookId, limit: 20 }),
  );
  const refresh = () =>
    queryClient.invalidateQueries({
      queryKey: trpc.orgs.webhooks.deliveries.list.queryKey({ organizationId, webhookId }),
    });
  const redeliver = useMutation(
    trpc.orgs.webhooks.deliveries.redeliver.mutationOptions({ onSuccess: refresh }),
  );
  return (
    <QueryState query={deliveries} loading="Loading the deliveries…">
      {(page) =>
        page.items.length === 0 ? (
          <p className="muted">No deliveries yet.</p>
        ) : (
          <>
            <ul className="management-list webhook-deliveries" aria-label="Deliveries">
              {page.items.map((delivery) => {
                const last = delivery.log.at(-1);
                return (
                  <li key={delivery.id} className="management-row">
                    <span className="management-main">
                      <strong>{delivery.event.type}</strong>
                      <span className="muted">
                        {new Date(delivery.createdAt).toLocaleString()} · {delivery.attempts}{' '}
                        {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                        {delivery.responseStatus !== undefined ? ` · HTTP ${delivery.responseStatus}` : ''}
                        {delivery.durationMs !== undefined ? ` · ${delivery.durationMs} ms` : ''}
                      </span>
                      {last?.error && <span className="muted">{last.error}</span>}
                      {last?.responseExcerpt && (
                        <code className="webhook-excerpt">{last.responseExcerpt}</code>
                      )}
                    </span>
                    <span className="badge">{STATUS_LABELS[delivery.status]}</span>
                    <button
                      type="button"
                      className="button button-small"
                      disabled={redeliver.isPending || (!active && delivery.event.type !== 'ping')}
                      onClick={() => redeliver.mutate({ organizationId, webhookId, deliveryId: delivery.id })}
                    >
                      Redeliver
                      <span className="visually-hidden">
                        {' '}
                        the {delivery.event.type} event of {new Date(delivery.createdAt).toLocaleString()}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
            <button type="button" className="button button-small" onClick={() => void refresh()}>
              Refresh the log
            </button>
            <FormError error={redeliver.error} />
          </>
        )
      }
    </QueryState>
  );
}
