/**
 * A site's settings (admins change them; others read them): title, basename (its name in the
 * published URL), proxy (emptied: removed), custom hostname (emptied: removed), whether AI
 * agents may read it, and adaptive content. Only the fields changed are sent; the hostname
 * through its own operations (`customHostnames.set` / `remove`), after the settings.
 */
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import { useRefreshSite } from './site-sharing';
import type { Site } from './site-types';

type AgentsContext = Site['agentsContext'];

export function SiteSettings({ organizationId, site }: { organizationId: string; site: Site }) {
  const trpc = useTRPC();
  const refresh = useRefreshSite();
  const agentsId = useId();
  const adaptiveId = useId();
  const [title, setTitle] = useState(site.title);
  const [basename, setBasename] = useState(site.basename ?? '');
  const [proxy, setProxy] = useState(site.proxy?.origin ?? '');
  const [hostname, setHostname] = useState(site.hostname ?? '');
  const [agentsContext, setAgentsContext] = useState<AgentsContext>(site.agentsContext);
  const [adaptive, setAdaptive] = useState(site.adaptiveContent.enabled);
  const [saved, setSaved] = useState(false);
  const update = useMutation(
    trpc.sites.update.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await refresh();
      },
    }),
  );
  const setHost = useMutation(trpc.customHostnames.set.mutationOptions());
  const removeHost = useMutation(trpc.customHostnames.remove.mutationOptions());
  const readOnly = !site.permissions.admin;
  /** The hostname's change, after the settings': set, removed, or nothing. */
  const changeHostname = async () => {
    const next = hostname.trim().toLowerCase();
    const current = site.hostname ?? '';
    if (next === current) return;
    if (next === '') await removeHost.mutateAsync({ hostname: current });
    else await setHost.mutateAsync({ hostname: next, target: { type: 'site', site: site.id } });
    await refresh();
    setSaved(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const nextProxy = proxy.trim();
    const changed = {
      organizationId,
      siteId: site.id,
      ...(title.trim() === site.title ? {} : { title: title.trim() }),
      ...(basename.trim() === (site.basename ?? '') || basename.trim() === ''
        ? {}
        : { basename: basename.trim() }),
      ...(nextProxy === (site.proxy?.origin ?? '') ? {} : { proxy: nextProxy === '' ? null : nextProxy }),
      ...(agentsContext === site.agentsContext ? {} : { agentsContext }),
      ...(adaptive === site.adaptiveContent.enabled ? {} : { adaptiveContent: { enabled: adaptive } }),
    };
    // The settings are saved as before; only a change of the hostname alone skips them.
    const onlyHostname =
      Object.keys(changed).length === 2 && hostname.trim().toLowerCase() !== (site.hostname ?? '');
    void (async () => {
      try {
        if (!onlyHostname) await update.mutateAsync(changed);
        await changeHostname();
      } catch {
        // Shown by the mutation's own error below the form.
      }
    })();
  };
  const pending = update.isPending || setHost.isPending || removeHost.isPending;
  const error = update.error ?? setHost.error ?? removeHost.error;
  return (
    <section className="management-section" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      {readOnly && <p className="muted">Only the organization’s admins change these settings.</p>}
      <form className="form site-settings" onSubmit={submit}>
        <fieldset disabled={readOnly} className="plain-fieldset">
          <Field
            label="Title"
            name="title"
            required
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
          <Field
            label="Basename"
            name="basename"
            value={basename}
            hint="The site’s name in its published address: letters, digits, “.”, “_” and “-”."
            onChange={(e) => setBasename(e.target.value)}
          />
          <Field
            label="Proxy"
            name="proxy"
            value={proxy}
            placeholder="example.com/docs"
            hint="Serve the site under a path of your own domain. Empty it to stop."
            onChange={(e) => setProxy(e.target.value)}
          />
          <Field
            label="Custom hostname"
            name="hostname"
            value={hostname}
            placeholder="docs.example.com"
            hint="Serve the site at a hostname of your own (point its DNS at Quire). Empty it to stop."
            onChange={(e) => setHostname(e.target.value)}
          />
          <div className="field">
            <label htmlFor={agentsId}>AI agents</label>
            <select
              id={agentsId}
              className="select"
              value={agentsContext}
              onChange={(e) => setAgentsContext(e.target.value as AgentsContext)}
            >
              <option value="included">May read the site</option>
              <option value="excluded">May not read the site</option>
            </select>
          </div>
          <div className="checkbox-field">
            <input
              id={adaptiveId}
              type="checkbox"
              checked={adaptive}
              onChange={(e) => setAdaptive(e.target.checked)}
            />
            <label htmlFor={adaptiveId}>
              Adaptive content: show sections and spaces by the visitor’s claims
            </label>
          </div>
        </fieldset>
        <FormError error={error} />
        {!readOnly && (
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={pending}>
              Save settings
            </button>
            <span aria-live="polite" className="muted">
              {saved && !pending ? 'Saved.' : ''}
            </span>
          </div>
        )}
      </form>
    </section>
  );
}
