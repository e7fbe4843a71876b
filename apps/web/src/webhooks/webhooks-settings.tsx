/**
 * The organization's webhooks (admins): its endpoints with their state, a form to add one
 * (URL, all events or some), the signing secret shown once after adding or rotating, turning
 * an endpoint on and off, a test ping, and each endpoint's delivery log.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { QueryState } from '../ui/states';
import { WebhookDeliveries } from './webhook-deliveries';
import { WEBHOOK_EVENT_CHOICES, type WebhookEventChoice } from './webhook-events';
import './webhooks.css';

export function WebhooksSettings({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const endpoints = useQuery(trpc.orgs.webhooks.list.queryOptions({ organizationId }));
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  return (
    <section id="webhooks" className="management-section" aria-labelledby="webhooks-settings-title">
      <h2 id="webhooks-settings-title">Webhooks</h2>
      <p className="muted">
        Endpoints receive the organization’s events as signed JSON posts (the Quire-Signature header).
      </p>
      {secret && (
        <div className="notice webhook-secret" role="status">
          <p>Signing secret of {secret.url}. Copy it now: it is not shown again.</p>
          <code>{secret.secret}</code>
          <button type="button" className="button button-small" onClick={() => setSecret(null)}>
            Done
          </button>
        </div>
      )}
      <QueryState query={endpoints} loading="Loading the webhooks…">
        {(page) =>
          page.items.length === 0 ? (
            <p className="muted">No webhooks yet.</p>
          ) : (
            <ul className="management-list" aria-label="Webhooks">
              {page.items.map((endpoint) => (
                <EndpointRow
                  key={endpoint.id}
                  organizationId={organizationId}
                  endpoint={endpoint}
                  onSecret={(shown) => setSecret({ url: endpoint.url, secret: shown })}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
      <AddEndpoint organizationId={organizationId} onSecret={setSecret} />
    </section>
  );
}

interface Endpoint {
  id: string;
  url: string;
  description: string;
  events: string[];
  active: boolean;
  disabledReason?: 'admin' | 'failures';
  consecutiveFailures: number;
  secretEnding: string;
}

function useRefreshEndpoints(organizationId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: trpc.orgs.webhooks.list.queryKey({ organizationId }) });
}

function EndpointRow({
  organizationId,
  endpoint,
  onSecret,
}: {
  organizationId: string;
  endpoint: Endpoint;
  onSecret: (secret: string) => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshEndpoints(organizationId);
  const queryClient = useQueryClient();
  const ids = { organizationId, webhookId: endpoint.id };
  const update = useMutation(trpc.orgs.webhooks.update.mutationOptions({ onSuccess: refresh }));
  const rotate = useMutation(
    trpc.orgs.webhooks.rotateSecret.mutationOptions({
      onSuccess: async (rotated) => {
        onSecret(rotated.secret);
        await refresh();
      },
    }),
  );
  const ping = useMutation(
    trpc.orgs.webhooks.test.mutationOptions({
      onSuccess: () =>
        queryClient.invalidateQueries({ queryKey: trpc.orgs.webhooks.deliveries.list.queryKey(ids) }),
    }),
  );
  const remove = useMutation(trpc.orgs.webhooks.remove.mutationOptions({ onSuccess: refresh }));
  const busy = update.isPending || rotate.isPending || ping.isPending || remove.isPending;
  const state = endpoint.active
    ? 'On'
    : endpoint.disabledReason === 'failures'
      ? `Off: failed ${endpoint.consecutiveFailures} times in a row`
      : 'Off';
  return (
    <li className="management-row webhook-row">
      <span className="management-main">
        <strong className="webhook-url">{endpoint.url}</strong>
        <span className="muted">
          {endpoint.events.includes('*') ? 'All events' : endpoint.events.join(', ')} · secret ending{' '}
          {endpoint.secretEnding}
        </span>
        {endpoint.description && <span className="muted">{endpoint.description}</span>}
      </span>
      <span className="badge">{state}</span>
      <span className="webhook-actions">
        <button
          type="button"
          className="button button-small"
          disabled={busy}
          onClick={() => update.mutate({ ...ids, active: !endpoint.active })}
        >
          {endpoint.active ? 'Turn off' : 'Turn on'}
          <span className="visually-hidden"> {endpoint.url}</span>
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={busy}
          onClick={() => ping.mutate(ids)}
        >
          Send a test<span className="visually-hidden"> to {endpoint.url}</span>
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={busy}
          onClick={() => rotate.mutate(ids)}
        >
          New secret<span className="visually-hidden"> for {endpoint.url}</span>
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={busy}
          onClick={() => {
            if (window.confirm(`Delete the webhook ${endpoint.url}?`)) remove.mutate(ids);
          }}
        >
          Delete<span className="visually-hidden"> {endpoint.url}</span>
        </button>
      </span>
      <FormError error={update.error ?? rotate.error ?? ping.error ?? remove.error} />
      <details className="webhook-log">
        <summary>
          Deliveries<span className="visually-hidden"> to {endpoint.url}</span>
        </summary>
        <WebhookDeliveries organizationId={organizationId} webhookId={endpoint.id} active={endpoint.active} />
      </details>
    </li>
  );
}

function AddEndpoint({
  organizationId,
  onSecret,
}: {
  organizationId: string;
  onSecret: (shown: { url: string; secret: string }) => void;
}) {
  const id = useId();
  const trpc = useTRPC();
  const refresh = useRefreshEndpoints(organizationId);
  const [url, setUrl] = useState('');
  const [allEvents, setAllEvents] = useState(true);
  const [chosen, setChosen] = useState<Set<WebhookEventChoice>>(new Set());
  const create = useMutation(
    trpc.orgs.webhooks.create.mutationOptions({
      onSuccess: async (created) => {
        onSecret({ url: created.url, secret: created.secret });
        setUrl('');
        setChosen(new Set());
        setAllEvents(true);
        await refresh();
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ organizationId, url: url.trim(), events: allEvents ? ['*'] : [...chosen] });
  };
  const toggle = (type: WebhookEventChoice, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(type);
      else next.delete(type);
      return next;
    });
  return (
    <form className="settings-form webhook-add" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Add a webhook</h3>
      <div className="field">
        <label htmlFor={`${id}-url`}>Endpoint URL</label>
        <input
          id={`${id}-url`}
          type="url"
          value={url}
          placeholder="https://hooks.example.com/quire"
          spellCheck={false}
          autoCapitalize="off"
          required
          onChange={(event) => setUrl(event.target.value)}
        />
      </div>
      <fieldset className="webhook-events">
        <legend>Events</legend>
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={allEvents}
            onChange={(event) => setAllEvents(event.target.checked)}
          />
          All events, those added later too
        </label>
        {!allEvents &&
          WEBHOOK_EVENT_CHOICES.map(([type, label]) => (
            <label key={type} className="checkbox-field">
              <input
                type="checkbox"
                checked={chosen.has(type)}
                onChange={(event) => toggle(type, event.target.checked)}
              />
              {label}
            </label>
          ))}
      </fieldset>
      <button
        type="submit"
        className="button button-primary"
        disabled={create.isPending || url.trim() === '' || (!allEvents && chosen.size === 0)}
      >
        Add webhook
      </button>
      <FormError error={create.error} />
    </form>
  );
}
