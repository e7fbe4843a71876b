/**
 * Who reaches a site: its visibility, publishing it (or taking it down), and, for a site
 * seen through share links, its links. Admins change them; others see them.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { ShareLinks } from './share-links';
import type { Site } from './site-types';
import { VISIBILITY_LABELS } from './visibility';
import { VisibilitySelect } from './visibility-select';

/** The site, its list and everything showing it reloaded after a change of its settings. */
export function useRefreshSite() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.sites.get.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.sites.list.queryKey() });
  };
}

export function SiteSharing({ organizationId, site }: { organizationId: string; site: Site }) {
  const trpc = useTRPC();
  const refresh = useRefreshSite();
  const siteRef = { organizationId, siteId: site.id };
  const update = useMutation(trpc.sites.update.mutationOptions({ onSuccess: refresh }));
  const publish = useMutation(trpc.sites.publish.mutationOptions({ onSuccess: refresh }));
  const unpublish = useMutation(trpc.sites.unpublish.mutationOptions({ onSuccess: refresh }));
  const isAdmin = site.permissions.admin;
  const publishing = publish.isPending || unpublish.isPending;
  return (
    <>
      <section className="management-section" aria-labelledby="publishing-title">
        <h2 id="publishing-title">Publishing</h2>
        <div className="publish-row">
          <span className="management-main">
            <span>
              <span className={site.published ? 'badge badge-published' : 'badge'}>
                {site.published ? 'Published' : 'Not published'}
              </span>{' '}
              {site.published
                ? `Visitors reach it as its visibility allows (${VISIBILITY_LABELS[site.visibility]}).`
                : 'Nobody but the organization can see it.'}
            </span>
            {site.urls.published && (
              <a href={site.urls.published} className="published-url">
                {site.urls.published}
              </a>
            )}
          </span>
          {isAdmin &&
            (site.published ? (
              <button
                type="button"
                className="button"
                disabled={publishing}
                onClick={() => unpublish.mutate(siteRef)}
              >
                Unpublish
              </button>
            ) : (
              <button
                type="button"
                className="button button-primary"
                disabled={publishing}
                onClick={() => publish.mutate(siteRef)}
              >
                Publish
              </button>
            ))}
        </div>
        <FormError error={publish.error ?? unpublish.error} />
      </section>
      <section className="management-section" aria-labelledby="visibility-title">
        <h2 id="visibility-title">Audience</h2>
        <VisibilitySelect
          value={site.visibility}
          disabled={!isAdmin || update.isPending}
          onChange={(visibility) => update.mutate({ ...siteRef, visibility })}
        />
        <FormError error={update.error} />
      </section>
      {site.visibility === 'share-link' &&
        (isAdmin ? (
          <ShareLinks organizationId={organizationId} siteId={site.id} />
        ) : (
          <p className="muted">Its administrators hand out its share links.</p>
        ))}
    </>
  );
}
