/**
 * One translation of a space: its language, status and stats, why its last run failed, and
 * while a run is going, how far it is (the translation read again every second, until the
 * run ends). Those who may edit it run it again and delete it; once a run made the result
 * space, it opens side by side with the source, or on its own.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { FormError } from '../ui/form-error';
import { RunProgress } from './run-progress';
import { spaceTranslationsKey } from './space-translations-query';
import { languageName } from './translation-languages';
import { isRunGoing, RUN_POLL_MS, statusLabel } from './translation-states';
import { statsInWords } from './translation-stats';
import type { Translation } from './translation-types';

export function TranslationRow({
  organizationId,
  spaceId,
  listed,
  listedAt,
}: {
  organizationId: string;
  spaceId: string;
  /** The translation as the list gave it, and when the list was read. */
  listed: Translation;
  listedAt: number;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const input = { organizationId, translationId: listed.id };
  const live = useQuery({
    ...trpc.translations.get.queryOptions(input),
    enabled: isRunGoing(listed),
    refetchInterval: (query) =>
      query.state.data === undefined || query.state.dataUpdatedAt < listedAt || isRunGoing(query.state.data)
        ? RUN_POLL_MS
        : false,
  });
  // The newer of the two readings.
  const translation = live.data !== undefined && live.dataUpdatedAt >= listedAt ? live.data : listed;
  const ended = isRunGoing(listed) && !isRunGoing(translation);
  useEffect(() => {
    // The run ended: the list reads the stats and the result again.
    if (ended)
      void queryClient.invalidateQueries({ queryKey: spaceTranslationsKey(organizationId, spaceId) });
  }, [ended, queryClient, organizationId, spaceId]);

  const run = useMutation(
    trpc.translations.run.mutationOptions({
      onSuccess: async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.translations.get.queryKey(input) }),
          queryClient.invalidateQueries({ queryKey: spaceTranslationsKey(organizationId, spaceId) }),
        ]);
      },
    }),
  );
  const [deleting, setDeleting] = useState(false);
  const going = isRunGoing(translation);
  const name = languageName(translation.language);

  return (
    <li className="management-row translation-row">
      <span className="management-main">
        <span className="translation-name">
          {name} <span className="muted translation-code">{translation.language}</span>
          <span className={`badge badge-translation-${translation.status}`}>{statusLabel(translation)}</span>
        </span>
        <span className="muted">
          From {languageName(translation.source.language)} · {statsInWords(translation.stats)}
        </span>
        {translation.status === 'failed' && translation.error && (
          <span className="translation-error">
            <span className="translation-error-title">The last run failed:</span> {translation.error.message}{' '}
            <span className="translation-error-code">({translation.error.code})</span>
          </span>
        )}
        {going && <RunProgress translation={translation} />}
        {translation.result && (
          <span className="translation-links">
            <Link
              to="/o/$organizationId/s/$spaceId/~/translations/$translationId"
              params={{ organizationId, spaceId, translationId: translation.id }}
              search={{}}
            >
              Open side by side
            </Link>
            <Link
              to="/o/$organizationId/s/$spaceId"
              params={{ organizationId, spaceId: translation.result.space }}
            >
              Open translated space
            </Link>
          </span>
        )}
        <FormError error={run.error} />
      </span>
      {translation.permissions.edit && (
        <span className="translation-actions">
          <button
            type="button"
            className="button button-small"
            aria-label={`Run the ${name} translation`}
            disabled={going || run.isPending}
            onClick={() => run.mutate(input)}
          >
            {going ? 'Running…' : 'Run'}
          </button>
          <button
            type="button"
            className="button button-small"
            aria-label={`Delete the ${name} translation`}
            onClick={() => setDeleting(true)}
          >
            Delete
          </button>
        </span>
      )}
      {deleting && (
        <DeleteTranslation
          organizationId={organizationId}
          spaceId={spaceId}
          translation={translation}
          onClose={() => setDeleting(false)}
        />
      )}
    </li>
  );
}

function DeleteTranslation({
  organizationId,
  spaceId,
  translation,
  onClose,
}: {
  organizationId: string;
  spaceId: string;
  translation: Translation;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.translations.remove.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: spaceTranslationsKey(organizationId, spaceId) });
        onClose();
      },
    }),
  );
  return (
    <ConfirmDialog
      onClose={onClose}
      heading={`Delete the ${languageName(translation.language)} translation?`}
      description="The translation stops being run. The translated space stays: it is a space of the organization like any other."
      confirmLabel="Delete translation"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate({ organizationId, translationId: translation.id })}
    />
  );
}
