/**
 * The dialogs of the page tree's edits: a new page (a document, a group, or a link with its
 * address), a page's settings (title, emoji, description) and the confirmation of a delete.
 * Each stays open until the server answered, showing its refusal if any.
 */
import { Dialog } from 'radix-ui';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import type { TreePage } from '../content/page-tree-rows';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import './pages.css';

// The icon picker (its emoji list, the icons' names) loads with the first settings dialog.
const IconPicker = lazy(() => import('./icon-picker').then((module) => ({ default: module.IconPicker })));

export type NewPageType = 'document' | 'group' | 'link';

const NEW_HEADINGS: Readonly<Record<NewPageType, string>> = {
  document: 'New page',
  group: 'New group',
  link: 'New link',
};

const NEW_DESCRIPTIONS: Readonly<Record<NewPageType, string>> = {
  document: 'A page to write in.',
  group: 'A heading of the table of contents, holding pages.',
  link: 'An entry of the table of contents leading to another address.',
};

interface Sending {
  pending: boolean;
  error: unknown;
  onClose: () => void;
}

export function NewPageDialog({
  type,
  parentTitle,
  onCreate,
  ...sending
}: Sending & {
  type: NewPageType;
  /** The page the new one goes under, if any. */
  parentTitle: string | undefined;
  onCreate: (fields: { title: string; url?: string }) => void;
}) {
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('https://');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCreate({ title: title.trim(), ...(type === 'link' ? { url: url.trim() } : {}) });
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && sending.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{NEW_HEADINGS[type]}</Dialog.Title>
          <Dialog.Description className="muted">
            {NEW_DESCRIPTIONS[type]}
            {parentTitle !== undefined && ` Under ${parentTitle}.`}
          </Dialog.Description>
          <form onSubmit={submit} className="form">
            <Field
              label="Title"
              name="title"
              required
              maxLength={255}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
            {type === 'link' && (
              <Field
                label="Address"
                name="url"
                type="url"
                required
                maxLength={2048}
                hint="An http or https address."
                value={url}
                onChange={(event) => setUrl(event.target.value)}
              />
            )}
            <FormError error={sending.error} />
            <div className="dialog-actions">
              <Dialog.Close className="button">Cancel</Dialog.Close>
              <button type="submit" className="button button-primary" disabled={sending.pending}>
                Create
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export interface PageSettings {
  title: string;
  emoji: string;
  /** A Font Awesome name (GitBook's page `icon`); '' none. */
  icon: string;
  description: string;
}

export function PageSettingsDialog({
  page,
  onSave,
  ...sending
}: Sending & { page: TreePage; onSave: (settings: PageSettings) => void }) {
  const [settings, setSettings] = useState<PageSettings>({
    title: page.title,
    emoji: page.emoji ?? '',
    icon: page.icon ?? '',
    description: page.description ?? '',
  });
  const set = (key: keyof PageSettings) => (event: { target: { value: string } }) =>
    setSettings((before) => ({ ...before, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({
      title: settings.title.trim(),
      emoji: settings.emoji.trim(),
      // One or the other, as GitBook has it: an emoji typed wins over the icon.
      icon: settings.emoji.trim() ? '' : settings.icon,
      description: settings.description.trim(),
    });
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && sending.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog page-settings-dialog">
          <Dialog.Title>Page settings</Dialog.Title>
          <Dialog.Description className="muted">
            The title, emoji or icon and description of {page.title || 'the page'}. Its address stays as it
            is.
          </Dialog.Description>
          <form onSubmit={submit} className="form">
            <Field
              label="Title"
              name="title"
              required
              maxLength={255}
              value={settings.title}
              onChange={set('title')}
            />
            <Field
              label="Emoji"
              name="emoji"
              maxLength={50}
              hint="One emoji, such as 📘. Empty: none."
              value={settings.emoji}
              onChange={set('emoji')}
            />
            <Suspense fallback={<p className="muted">Loading the icons…</p>}>
              <IconPicker
                value={{ emoji: settings.emoji, icon: settings.icon }}
                onChange={(next) => setSettings((before) => ({ ...before, ...next }))}
              />
            </Suspense>
            {(page.type ?? 'document') === 'document' && (
              <div className="field">
                <label htmlFor="page-settings-description">Description</label>
                <textarea
                  id="page-settings-description"
                  name="description"
                  maxLength={1000}
                  rows={3}
                  value={settings.description}
                  onChange={set('description')}
                />
              </div>
            )}
            <FormError error={sending.error} />
            <div className="dialog-actions">
              <Dialog.Close className="button">Cancel</Dialog.Close>
              <button type="submit" className="button button-primary" disabled={sending.pending}>
                Save
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function DeletePageDialog({
  page,
  subpages,
  onDelete,
  ...sending
}: Sending & { page: TreePage; subpages: number; onDelete: () => void }) {
  const title = page.title || 'Untitled';
  return (
    <ConfirmDialog
      onClose={sending.onClose}
      heading={`Delete ${title}?`}
      description={
        subpages > 0
          ? `${title} and the ${subpages} ${subpages === 1 ? 'page' : 'pages'} under it are deleted. You can undo it right after, or restore them from the history.`
          : `${title} is deleted. You can undo it right after, or restore it from the history.`
      }
      confirmLabel="Delete"
      pending={sending.pending}
      error={sending.error}
      onConfirm={onDelete}
    />
  );
}
