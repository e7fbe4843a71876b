/**
 * The organization's identity (admins): its title, its logo (an image's address), its
 * hostname and the role of people who join. Each field is checked as the server would before
 * anything is sent; only the fields changed are sent, and the server's refusal (a hostname
 * taken: 409) is shown under the form.
 */
import { type FormEvent, useState } from 'react';
import { RoleSelect } from '../members/role-select';
import type { RoleOrGuest } from '../members/roles';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import type { Organization } from './organization-types';
import { hostnameProblem, logoProblem, titleProblem } from './settings-validation';
import { useUpdateOrganization } from './use-update-organization';

interface Draft {
  title: string;
  logo: string;
  hostname: string;
  defaultRole: RoleOrGuest;
}

const draftOf = (organization: Organization): Draft => ({
  title: organization.title,
  logo: organization.urls.logo ?? '',
  hostname: organization.hostname ?? '',
  defaultRole: organization.defaultRole ?? null,
});

/** The problems of a draft, by field (none: an empty object). */
export function draftProblems(
  draft: Draft,
  organization: Organization,
): Partial<Record<keyof Draft, string>> {
  const problems: Partial<Record<keyof Draft, string>> = {};
  const title = titleProblem(draft.title);
  if (title) problems.title = title;
  const logo = logoProblem(draft.logo);
  if (logo) problems.logo = logo;
  const hostname = hostnameProblem(draft.hostname, organization.hostname !== undefined);
  if (hostname) problems.hostname = hostname;
  return problems;
}

/** The `orgs.update` fields a draft changes (an empty logo removes it: null). */
export function changesOf(draft: Draft, organization: Organization) {
  const before = draftOf(organization);
  const title = draft.title.trim();
  const logo = draft.logo.trim();
  const hostname = draft.hostname.trim().toLowerCase();
  return {
    ...(title !== before.title ? { title } : {}),
    ...(logo !== before.logo ? { logo: logo === '' ? null : logo } : {}),
    ...(hostname !== before.hostname && hostname !== '' ? { hostname } : {}),
    ...(draft.defaultRole !== before.defaultRole ? { defaultRole: draft.defaultRole } : {}),
  };
}

export function GeneralSettings({ organization }: { organization: Organization }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(organization));
  const [checked, setChecked] = useState(false);
  const [saved, setSaved] = useState(false);
  const update = useUpdateOrganization({ onSuccess: () => setSaved(true) });
  const problems = checked ? draftProblems(draft, organization) : {};
  const edit = (change: Partial<Draft>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...change }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setSaved(false);
    if (Object.keys(draftProblems(draft, organization)).length > 0) return;
    const changes = changesOf(draft, organization);
    if (Object.keys(changes).length === 0) {
      setSaved(true);
      return;
    }
    update.mutate({ organizationId: organization.id, ...changes });
  };
  return (
    <section className="management-section" aria-labelledby="general-settings-title">
      <h2 id="general-settings-title">General</h2>
      <form className="form settings-form" onSubmit={submit} noValidate>
        <Field
          label="Title"
          name="title"
          required
          value={draft.title}
          error={problems.title}
          onChange={(event) => edit({ title: event.target.value })}
        />
        <div className="settings-logo">
          {organization.urls.logo && (
            <img src={organization.urls.logo} alt="" className="settings-logo-preview" />
          )}
          <Field
            label="Logo"
            name="logo"
            type="url"
            inputMode="url"
            placeholder="https://example.com/logo.png"
            hint="The address of an image (https). Empty: no logo."
            value={draft.logo}
            error={problems.logo}
            onChange={(event) => edit({ logo: event.target.value })}
          />
        </div>
        <Field
          label="Hostname"
          name="hostname"
          spellCheck={false}
          autoCapitalize="off"
          hint="The name of the organization's public content: 3 to 32 letters, digits or hyphens, unique on this instance."
          value={draft.hostname}
          error={problems.hostname}
          onChange={(event) => edit({ hostname: event.target.value })}
        />
        <RoleSelect
          label="Role of people who join"
          allowGuest
          value={draft.defaultRole}
          onChange={(defaultRole) => edit({ defaultRole })}
        />
        <FormError error={update.error} />
        <div className="settings-actions">
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </button>
          <span aria-live="polite" className="muted">
            {saved ? 'Saved.' : ''}
          </span>
        </div>
      </form>
    </section>
  );
}
