/** A space's translations, and making a new one (those who may create content in the organization). */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute } from '@tanstack/react-router';
import { useTRPC } from '../api/trpc';
import { NewTranslationForm } from '../translations/new-translation-form';
import { sourceLanguageOf } from '../translations/translation-languages';
import { TranslationsList } from '../translations/translations-list';
import '../management/management.css';
import '../translations/translations.css';

export const Route = createLazyRoute('/signedIn/o/$organizationId/s/$spaceId/~/translations')({
  component: SpaceTranslations,
});

function SpaceTranslations() {
  const { organizationId, spaceId } = Route.useParams();
  const trpc = useTRPC();
  const organization = useQuery(trpc.orgs.get.queryOptions({ organizationId }));
  const space = useQuery(trpc.spaces.get.queryOptions({ spaceId }));
  const canCreate = organization.data?.permissions.createContent ?? false;
  return (
    <main id="main" className="page-main">
      <h1>Translations</h1>
      <TranslationsList organizationId={organizationId} spaceId={spaceId} canCreate={canCreate} />
      {canCreate && space.data && (
        <section className="management-section">
          <NewTranslationForm
            organizationId={organizationId}
            spaceId={spaceId}
            spaceLanguage={sourceLanguageOf(space.data.language)}
          />
        </section>
      )}
    </main>
  );
}
