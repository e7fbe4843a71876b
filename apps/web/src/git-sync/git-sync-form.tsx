/**
 * The Git settings of a space and the buttons that import from and export to them now (for
 * those who may trigger a Git sync): the repository URL, the branch (sent as
 * `refs/heads/<branch>`, or as typed when it is a full ref) and the folder of the repository.
 * The server never gives the credentials of a URL back, so the URL stays as typed for as long
 * as the screen is open, and the credentials are typed again for each import or export.
 * Importing replaces the space's content, so it asks first. Both start a job and answer at
 * once, stamped with the time they were asked (the server applies them in that order). A
 * refusal shows on the field it names (`url`, `ref`, `repoProjectDirectory`,
 * `commitMessage`), or under the form.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { fieldIssuesOf, messagesAt } from '../api/field-issues';
import { useTRPCClient } from '../api/trpc';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import { gitInfoKey } from './git-info-query';
import { branchOfRef, DEFAULT_BRANCH, refOfBranch } from './git-refs';
import type { GitSyncState } from './git-sync-types';

export const DEFAULT_COMMIT_MESSAGE = 'Update from Quire';

/** The request's fields, and the form's field that shows each one's refusal. */
const FIELDS = ['url', 'ref', 'repoProjectDirectory', 'commitMessage'] as const;

export function GitSyncForm({
  spaceId,
  info,
  going,
}: {
  spaceId: string;
  /** The settings saved, to start from; null when the space has none yet. */
  info: GitSyncState | null;
  /** An import or export is running: another waits for it to end. */
  going: boolean;
}) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const id = useId();
  const [url, setUrl] = useState(info?.repository ?? '');
  const [branch, setBranch] = useState(info ? branchOfRef(info.ref) : DEFAULT_BRANCH);
  const [directory, setDirectory] = useState(info?.projectDirectory ?? '');
  const [commitMessage, setCommitMessage] = useState(DEFAULT_COMMIT_MESSAGE);
  const [confirmingImport, setConfirmingImport] = useState(false);

  const target = () => ({
    spaceId,
    url: url.trim(),
    ref: refOfBranch(branch),
    ...(directory.trim() === '' ? {} : { repoProjectDirectory: directory.trim() }),
    timestamp: new Date().toISOString(),
  });
  const onSettled = () => queryClient.invalidateQueries({ queryKey: gitInfoKey(spaceId) });
  const importing = useMutation({
    mutationFn: () => client.git.import.mutate(target()),
    onSettled,
  });
  const exporting = useMutation({
    mutationFn: () => client.git.export.mutate({ ...target(), commitMessage }),
    onSettled,
  });

  // One refusal shows at a time: the last action's.
  const startImport = () => {
    exporting.reset();
    importing.mutate();
  };
  const startExport = () => {
    importing.reset();
    exporting.mutate();
  };
  const error = importing.error ?? exporting.error;
  const issues = fieldIssuesOf(error);
  const [urlError, refError, directoryError, messageError] = FIELDS.map(
    (field) => messagesAt(issues, field).join(' ') || undefined,
  );
  const placed = [urlError, refError, directoryError, messageError].some(Boolean);
  const pending = importing.isPending || exporting.isPending;
  const disabled = going || pending || url.trim() === '';

  return (
    <form
      className="form git-sync-form"
      aria-labelledby={`${id}-heading`}
      onSubmit={(event: FormEvent) => event.preventDefault()}
    >
      <h2 id={`${id}-heading`}>Repository</h2>
      <Field
        label="Repository URL"
        type="url"
        placeholder="https://github.com/acme/docs.git"
        autoComplete="off"
        spellCheck={false}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        hint="An https URL. For a private repository, put the credentials in it, as https://user:token@host/repo.git: they are used for the transfer only, never stored or shown, so type them again for each import or export."
        error={urlError}
      />
      <div className="git-sync-form-row">
        <Field
          label="Branch"
          spellCheck={false}
          value={branch}
          onChange={(event) => setBranch(event.target.value)}
          hint="A branch name (main), or a full ref (refs/tags/v1)."
          error={refError}
        />
        <Field
          label="Project directory (optional)"
          spellCheck={false}
          placeholder="docs"
          value={directory}
          onChange={(event) => setDirectory(event.target.value)}
          hint="The folder of the repository the content is in; its root when empty."
          error={directoryError}
        />
      </div>
      <div className="git-sync-actions">
        <div className="git-sync-action">
          <p className="muted">Replace the space's content with the repository's.</p>
          <button
            type="button"
            className="button"
            disabled={disabled}
            onClick={() => setConfirmingImport(true)}
          >
            {importing.isPending ? 'Importing…' : 'Import from Git'}
          </button>
        </div>
        <div className="git-sync-action">
          <Field
            label="Commit message"
            value={commitMessage}
            onChange={(event) => setCommitMessage(event.target.value)}
            error={messageError}
          />
          <button type="button" className="button button-primary" disabled={disabled} onClick={startExport}>
            {exporting.isPending ? 'Exporting…' : 'Export to Git'}
          </button>
        </div>
      </div>
      {!placed && <FormError error={error} />}
      {confirmingImport && (
        <ConfirmDialog
          onClose={() => setConfirmingImport(false)}
          heading="Import from Git?"
          description="This replaces the space's content with the repository's."
          confirmLabel="Import"
          pending={importing.isPending}
          error={null}
          onConfirm={() => {
            setConfirmingImport(false);
            startImport();
          }}
        />
      )}
    </form>
  );
}
