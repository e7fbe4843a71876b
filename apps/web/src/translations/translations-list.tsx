/** The translations of a space: one row each (`TranslationRow`), or why there is none yet. */
import { useQuery } from '@tanstack/react-query';
import { useTRPCClient } from '../api/trpc';
import { Empty, QueryState } from '../ui/states';
import { spaceTranslationsQuery } from './space-translations-query';
import { TranslationRow } from './translation-row';

export function TranslationsList({
  organizationId,
  spaceId,
  canCreate,
}: {
  organizationId: string;
  spaceId: string;
  canCreate: boolean;
}) {
  const client = useTRPCClient();
  const translations = useQuery(spaceTranslationsQuery(client, organizationId, spaceId));
  return (
    <QueryState
      query={translations}
      loading="Loading the translations…"
      isEmpty={(items) => items.length === 0}
      empty={
        <Empty title="No translations yet">
          <p className="muted">
            A translation keeps a copy of this space in another language, translated by the configured
            provider. {canCreate ? 'Make the first one below.' : 'Editors of the organization make them.'}
          </p>
        </Empty>
      }
    >
      {(items) => (
        <ul className="management-list" aria-label="Translations">
          {items.map((translation) => (
            <TranslationRow
              key={translation.id}
              organizationId={organizationId}
              spaceId={spaceId}
              listed={translation}
              listedAt={translations.dataUpdatedAt}
            />
          ))}
        </ul>
      )}
    </QueryState>
  );
}
