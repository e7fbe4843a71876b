/**
 * The dialogs of a site's structure: editing a section (title, path, condition) or a site
 * space (path, condition), and deleting either. Each stays open until the server answered and
 * shows its refusal; Save stays disabled while the condition does not check.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertDialog, Dialog } from 'radix-ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTRPC } from '../api/trpc';
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

export function EditSectionDialog({
  site,
  section,
  onClose,
}: {
  site: SiteRef;
  section: SiteSection;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshStructure();
  const schema = useConditionSchema(site.organizationId, site.siteId);
  const [title, setTitle] = useState(section.title);
  const [path, setPath] = useState(section.path);
  const [condition, setCondition] = useState(section.condition ?? '');
  const update = useMutation(
    trpc.sites.sections.update.mutationOptions({
      onSuccess: async () => {
        await refresh();
        onClose();
      },
    }),
  );
  const invalid = schema === undefined || conditionProblemOf(condition, schema) !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    update.mutate({
      ...site,
      siteSectionId: section.id,
      ...(title.trim() === section.title ? {} : { title: title.trim() }),
      ...(path === section.path ? {} : { path }),
      ...conditionChange(section.condition, condition),
    });
  };
  return (
    <EditDialog
      heading={`Edit ${section.title}`}
      description="The section’s title, path and condition."
      onClose={onClose}
    >
      <form onSubmit={submit} className="form">
        <Field label="Title" name="title" required value={title} onChange={(e) => setTitle(e.target.value)} />
        <Field
          label="Path"
          name="path"
          required
          value={path}
          hint="Where the section is on the site: letters, digits, “.”, “_” and “-”."
          onChange={(e) => setPath(e.target.value)}
        />
        <ConditionField value={condition} onChange={setCondition} schema={schema} />
        <FormError error={update.error} />
        <DialogActions pending={update.isPending} invalid={invalid} />
      </form>
    </EditDialog>
  );
}

export function EditSiteSpaceDialog({
  site,
  siteSpace,
  onClose,
}: {
  site: SiteRef;
  siteSpace: SiteSpace;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshStructure();
  const schema = useConditionSchema(site.organizationId, site.siteId);
  const [path, setPath] = useState(siteSpace.path);
  const [condition, setCondition] = useState(siteSpace.condition ?? '');
  const update = useMutation(
    trpc.sites.siteSpaces.update.mutationOptions({
      onSuccess: async () => {
        await refresh();
        onClose();
      },
    }),
  );
  const invalid = schema === undefined || conditionProblemOf(condition, schema) !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    update.mutate({
      ...site,
      siteSpaceId: siteSpace.id,
      ...(path === siteSpace.path ? {} : { path }),
      ...conditionChange(siteSpace.condition, condition),
    });
  };
  return (
    <EditDialog
      heading={`Edit ${siteSpace.title}`}
      description="The site space’s path and condition."
      onClose={onClose}
    >
      <form onSubmit={submit} className="form">
        <Field
          label="Path"
          name="path"
          required
          value={path}
          hint="Where the space is in its section: letters, digits, “.”, “_” and “-”."
          onChange={(e) => setPath(e.target.value)}
        />
        <ConditionField value={condition} onChange={setCondition} schema={schema} />
        <FormError error={update.error} />
        <DialogActions pending={update.isPending} invalid={invalid} />
      </form>
    </EditDialog>
  );
}

function EditDialog({
  heading,
  description,
  onClose,
  children,
}: {
  heading: string;
  description: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{heading}</Dialog.Title>
          <Dialog.Description className="muted">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DialogActions({ pending, invalid }: { pending: boolean; invalid: boolean }) {
  return (
    <div className="dialog-actions">
      <Dialog.Close className="button">Cancel</Dialog.Close>
      <button type="submit" className="button button-primary" disabled={pending || invalid}>
        Save
      </button>
    </div>
  );
}

export type Removal = { kind: 'section'; item: SiteSection } | { kind: 'siteSpace'; item: SiteSpace };

export function DeleteStructureItemDialog({
  site,
  removal,
  onClose,
}: {
  site: SiteRef;
  removal: Removal;
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
  const confirm = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (removal.kind === 'section') removeSection.mutate({ ...site, siteSectionId: removal.item.id });
    else removeSiteSpace.mutate({ ...site, siteSpaceId: removal.item.id });
  };
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>Delete {removal.item.title}?</AlertDialog.Title>
          <AlertDialog.Description className="muted">
            {removal.kind === 'section'
              ? 'The section and its site spaces leave the site. The spaces themselves stay.'
              : 'The space leaves the site. The space itself stays.'}
          </AlertDialog.Description>
          <FormError error={mutation.error} />
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className="button button-danger"
              disabled={mutation.isPending}
              onClick={confirm}
            >
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
