/** A translation side by side with its source: a page of the source space beside the same page translated. */
import { createLazyRoute } from '@tanstack/react-router';
import { TranslationCompare } from '../translations/translation-compare';
import '../translations/translations.css';

export const Route = createLazyRoute('/signedIn/o/$organizationId/s/$spaceId/~/translations/$translationId')({
  component: CompareRoute,
});

function CompareRoute() {
  const { organizationId, spaceId, translationId } = Route.useParams();
  const { page } = Route.useSearch();
  return (
    <TranslationCompare
      organizationId={organizationId}
      spaceId={spaceId}
      translationId={translationId}
      {...(page === undefined ? {} : { pageId: page })}
    />
  );
}
