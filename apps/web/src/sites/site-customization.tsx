/**
 * A site's customization (admins change it; others read it): title, theme, primary colour,
 * corners, font, logo, header links, footer copyright, announcement, theme modes, feedback,
 * AI, page actions, external links, privacy policy and social accounts. Saving puts the whole
 * settings (`customization-draft.ts`: what the screen does not show is sent back as read).
 * A logo given by another site's address is fetched once by Quire and served from then on.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import { ErrorNotice, Loading } from '../ui/states';
import {
  CORNERS,
  type Customization,
  type CustomizationDraft,
  draftOf,
  FONTS,
  PAGE_ACTIONS,
  SOCIAL_PLATFORMS,
  type SocialPlatform,
  settingsOf,
  THEMES,
} from './customization-draft';
import type { Site } from './site-types';

export function SiteCustomization({ organizationId, site }: { organizationId: string; site: Site }) {
  const trpc = useTRPC();
  const ref = { organizationId, siteId: site.id };
  const settings = useQuery(trpc.sites.customization.get.queryOptions(ref));
  if (settings.error) return <ErrorNotice error={settings.error} retry={() => void settings.refetch()} />;
  if (!settings.data) return <Loading label="Loading the customization…" />;
  return (
    <CustomizationForm
      key={settings.data.updatedAt ?? 'defaults'}
      organizationId={organizationId}
      site={site}
      settings={settings.data}
    />
  );
}

function Select<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: ReadonlyArray<Value | { value: Value; label: string }>;
  onChange: (value: Value) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value as Value)}>
        {options.map((option) => {
          const { value: optionValue, label: optionLabel } =
            typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          );
        })}
      </select>
    </div>
  );
}

function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="checkbox-field">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="customization-group">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

function CustomizationForm({
  organizationId,
  site,
  settings,
}: {
  organizationId: string;
  site: Site;
  settings: Customization;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ref = { organizationId, siteId: site.id };
  const [draft, setDraft] = useState<CustomizationDraft>(() => draftOf(settings));
  const [saved, setSaved] = useState(false);
  const update = useMutation(
    trpc.sites.customization.update.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await queryClient.invalidateQueries({ queryKey: trpc.sites.customization.get.queryKey(ref) });
      },
    }),
  );
  const readOnly = !site.permissions.admin;
  const set = <Key extends keyof CustomizationDraft>(key: Key, value: CustomizationDraft[Key]) => {
    setSaved(false);
    setDraft((current) => ({ ...current, [key]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    update.mutate({ ...ref, ...settingsOf(settings, draft) });
  };
  const fonts = draft.font === '' ? [{ value: '', label: 'The site’s own font' }, ...FONTS] : FONTS;
  return (
    <section className="management-section" aria-labelledby="customization-title">
      <h2 id="customization-title">Customization</h2>
      {readOnly && <p className="muted">Only the organization’s admins change the customization.</p>}
      <form className="form site-customization" onSubmit={submit}>
        <fieldset disabled={readOnly} className="plain-fieldset">
          <Group title="Brand">
            <Field
              label="Site title"
              name="title"
              value={draft.title}
              hint="Shown in the header; the content’s title when empty."
              onChange={(e) => set('title', e.target.value)}
            />
            <Select label="Theme" value={draft.theme} options={THEMES} onChange={(v) => set('theme', v)} />
            <div className="customization-colors">
              <Field
                label="Primary colour, light"
                type="color"
                value={draft.primaryLight}
                onChange={(e) => set('primaryLight', e.target.value)}
              />
              <Field
                label="Primary colour, dark"
                type="color"
                value={draft.primaryDark}
                onChange={(e) => set('primaryDark', e.target.value)}
              />
            </div>
            <Select
              label="Corners"
              value={draft.corners}
              options={CORNERS}
              onChange={(v) => set('corners', v)}
            />
            <Select label="Font" value={draft.font} options={fonts} onChange={(v) => set('font', v)} />
            <Field
              label="Logo"
              name="logo"
              value={draft.logoLight}
              placeholder="https://example.com/logo.png"
              hint="An image’s address: Quire fetches it once and serves it to readers."
              onChange={(e) => set('logoLight', e.target.value)}
            />
            <Field
              label="Logo for the dark theme"
              name="logoDark"
              value={draft.logoDark}
              hint="The same logo when empty."
              onChange={(e) => set('logoDark', e.target.value)}
            />
          </Group>

          <Group title="Header links">
            {draft.links.length === 0 && <p className="muted">No links in the header.</p>}
            {draft.links.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
              <div className="customization-row" key={index}>
                <Field
                  label={`Title of link ${index + 1}`}
                  value={row.title}
                  onChange={(e) =>
                    set(
                      'links',
                      draft.links.map((r, i) => (i === index ? { ...r, title: e.target.value } : r)),
                    )
                  }
                />
                <Field
                  label={`Address of link ${index + 1}`}
                  value={row.url}
                  placeholder="https://example.com"
                  onChange={(e) =>
                    set(
                      'links',
                      draft.links.map((r, i) => (i === index ? { ...r, url: e.target.value } : r)),
                    )
                  }
                />
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Remove link ${index + 1}`}
                  onClick={() =>
                    set(
                      'links',
                      draft.links.filter((_, i) => i !== index),
                    )
                  }
                >
                  Remove
                </button>
              </div>
            ))}
            <button
              type="button"
              className="button"
              onClick={() => set('links', [...draft.links, { title: '', url: '' }])}
            >
              Add link
            </button>
          </Group>

          <Group title="Footer and announcement">
            <Field
              label="Copyright"
              name="copyright"
              value={draft.copyright}
              onChange={(e) => set('copyright', e.target.value)}
            />
            <Field
              label="Announcement"
              name="announcement"
              value={draft.announcement}
              hint="A banner above every page (2 to 128 characters)."
              onChange={(e) => set('announcement', e.target.value)}
            />
            <Checkbox
              label="Show the announcement"
              checked={draft.announcementOn}
              onChange={(on) => set('announcementOn', on)}
            />
          </Group>

          <Group title="Reading">
            <Select
              label="Default theme"
              value={draft.themeMode}
              options={[
                { value: 'light', label: 'Light' },
                { value: 'dark', label: 'Dark' },
                { value: 'system', label: 'As the reader’s system' },
              ]}
              onChange={(v) => set('themeMode', v)}
            />
            <Checkbox
              label="Readers may switch between light and dark"
              checked={draft.themeToggle}
              onChange={(on) => set('themeToggle', on)}
            />
            <Checkbox
              label="Ask readers whether a page helped"
              checked={draft.feedback}
              onChange={(on) => set('feedback', on)}
            />
            <Select
              label="AI"
              value={draft.aiMode}
              options={[
                { value: 'none', label: 'None' },
                { value: 'search', label: 'AI answers in search' },
                { value: 'assistant', label: 'An assistant' },
              ]}
              onChange={(v) => set('aiMode', v)}
            />
            <Select
              label="External links open"
              value={draft.externalLinks}
              options={[
                { value: 'self', label: 'In the same tab' },
                { value: 'blank', label: 'In a new tab' },
              ]}
              onChange={(v) => set('externalLinks', v)}
            />
            <Field
              label="Privacy policy"
              name="privacyPolicy"
              value={draft.privacyPolicy}
              placeholder="https://example.com/privacy"
              onChange={(e) => set('privacyPolicy', e.target.value)}
            />
          </Group>

          <Group title="Page actions">
            {PAGE_ACTIONS.map(({ action, label }) => (
              <Checkbox
                key={action}
                label={label}
                checked={draft.pageActions.includes(action)}
                onChange={(on) =>
                  set(
                    'pageActions',
                    on ? [...draft.pageActions, action] : draft.pageActions.filter((item) => item !== action),
                  )
                }
              />
            ))}
          </Group>

          <Group title="Social accounts">
            {draft.social.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
              <div className="customization-row" key={index}>
                <Select
                  label={`Platform of account ${index + 1}`}
                  value={row.platform}
                  options={SOCIAL_PLATFORMS}
                  onChange={(platform: SocialPlatform) =>
                    set(
                      'social',
                      draft.social.map((r, i) => (i === index ? { ...r, platform } : r)),
                    )
                  }
                />
                <Field
                  label={`Handle of account ${index + 1}`}
                  value={row.handle}
                  onChange={(e) =>
                    set(
                      'social',
                      draft.social.map((r, i) => (i === index ? { ...r, handle: e.target.value } : r)),
                    )
                  }
                />
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Remove account ${index + 1}`}
                  onClick={() =>
                    set(
                      'social',
                      draft.social.filter((_, i) => i !== index),
                    )
                  }
                >
                  Remove
                </button>
              </div>
            ))}
            <button
              type="button"
              className="button"
              onClick={() => set('social', [...draft.social, { platform: 'github', handle: '' }])}
            >
              Add account
            </button>
          </Group>
        </fieldset>
        <FormError error={update.error} />
        {!readOnly && (
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={update.isPending}>
              Save customization
            </button>
            <span aria-live="polite" className="muted">
              {saved && !update.isPending ? 'Saved.' : ''}
            </span>
          </div>
        )}
      </form>
    </section>
  );
}
