/**
 * The dialogs of a site's structure: editing a section (title, path, condition) or a site
 * space (path, condition), and deleting either. Each stays open until the server answered and
 * shows its refusal; Save stays disabled while the condition does not check.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import { ConditionField, conditionProblemOf, useConditionSchema } from './condition-field';
import type { SiteSection, SiteSpace } from './site-types';

interface SiteRef {
  organizationId: string;
  siteId: string;
}

/** The structure and the site (its count of site spaces) reloaded after a change. */
export function useRefreshStructure() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.sites.structure.get.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.sites.get.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.sites.list.queryKey() });
  };
}

/** `condition` as the update takes it: unchanged left out, emptied removed (null). */
function conditionChange(before: string | undefined, text: string): { condition?: string | null } {
  const next = text.trim();
  if (next === (before ?? '')) return {};
  return { condition: next === '' ? null : next };
}

/** An item of the structure: a section or a site space. */
export type StructureItem = { kind: 'section'; item: SiteSection } | { kind: 'siteSpace'; item: SiteSpace };

/** What the edit dialog says of each kind of item (a site space's title is its space's). */
const EDIT_TEXTS: Record<StructureItem['kind'], { description: string; pathHint: string }> = {
  section: {
    description: 'The section’s title, path and condition.',
    pathHint: 'Where the section is on the site: letters, digits, “.”, “_” and “-”.',
  },
  siteSpace: {
    description: 'The site space’s path and condition.',
    pathHint: 'Where the space is in its section: letters, digits, “.”, “_” and “-”.',
  },
};

export function EditStructureItemDialog({
  site,
  editing,
  onClose,
}: {
  site: SiteRef;
  editing: StructureItem;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshStructure();
  const schema = useConditionSchema(site.organizationId, site.siteId);
  const { item } = editing;
  const [title, setTitle] = useState(item.title);
  const [path, setPath] = useState(item.path);
  const [condition, setCondition] = useState(item.condition ?? '');
  const onSuccess = async () => {
    await refresh();
    onClose();
  };
  const updateSection = useMutation(trpc.sites.sections.update.mutationOptions({ onSuccess }));
  const updateSiteSpace = useMutation(trpc.sites.siteSpaces.update.mutationOptions({ onSuccess }));
  const update = editing.kind === 'section' ? updateSection : updateSiteSpace;
  const invalid = schema === undefined || conditionProblemOf(condition, schema) !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    const placement = {
      ...(path === item.path ? {} : { path }),
      ...conditionChange(item.condition, condition),
    };
    if (editing.kind === 'section')
      updateSection.mutate({
        ...site,
        siteSectionId: item.id,
        ...(title.trim() === item.title ? {} : { title: title.trim() }),
        ...placement,
      });
    else updateSiteSpace.mutate({ ...site, siteSpaceId: item.id, ...placement });
  };
  const texts = EDIT_TEXTS[editing.kind];
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{`Edit ${item.title}`}</Dialog.Title>
          <Dialog.Description className="muted">{texts.description}</Dialog.Description>
          <form onSubmit={submit} className="form">
            {editing.kind === 'section' && (
              <Field
                label="Title"
                name="title"
                required
                value={title}
                onChange={(e) => setTitle(e.target.value)}
              />
            )}
            <Field
              label="Path"
              name="path"
              required
              value={path}
              hint={texts.pathHint}
              onChange={(e) => setPath(e.target.value)}
            />
            <ConditionField value={condition} onChange={setCondition} schema={schema} />
            <FormError error={update.error} />
            <div className="dialog-actions">
              <Dialog.Close className="button">Cancel</Dialog.Close>
              <button type="submit" className="button button-primary" disabled={update.isPending || invalid}>
                Save
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function DeleteStructureItemDialog({
  site,
  removal,
  onClose,
}: {
  site: SiteRef;
  removal: StructureItem;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshStructure();
  const onSuccess = async () => {
    await refresh();
    onClose();
  };
  const removeSection = useMutation(trpc.sites.sections.remove.mutationOptions({ onSuccess }));
  const removeSiteSpace = useMutation(trpc.sites.siteSpaces.remove.mutationOptions({ onSuccess }));
  const mutation = removal.kind === 'section' ? removeSection : removeSiteSpace;
  const confirm = () => {
    if (removal.kind === 'section') removeSection.mutate({ ...site, siteSectionId: removal.item.id });
    else removeSiteSpace.mutate({ ...site, siteSpaceId: removal.item.id });
  };
  return (
    <ConfirmDialog
      onClose={onClose}
      heading={`Delete ${removal.item.title}?`}
      description={
        removal.kind === 'section'
          ? 'The section and its site spaces leave the site. The spaces themselves stay.'
          : 'The space leaves the site. The space itself stays.'
      }
      confirmLabel="Delete"
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={confirm}
    />
  );
}
