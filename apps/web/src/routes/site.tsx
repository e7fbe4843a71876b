/**
 * A site: its structure, who reaches it (visibility, publishing, share links), its settings,
 * its customization, its adaptive content and (for its editors) its readers' insights, one tab each;
 * "Visit" opens the published site in Quire's reader.
 */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useTRPC } from '../api/trpc';
import { AdaptiveContent } from '../sites/adaptive-schema-editor';
import { SiteCustomization } from '../sites/site-customization';
import { SiteInsights } from '../sites/site-insights';
import { SiteSettings } from '../sites/site-settings';
import { SiteSharing } from '../sites/site-sharing';
import type { Site } from '../sites/site-types';
import { SiteStructureEditor } from '../sites/structure-editor';
import { ErrorNotice, Loading } from '../ui/states';
import '../management/management.css';
import '../sites/sites.css';

export const Route = createLazyRoute('/signedIn/o/$organizationId/sites/$siteId')({ component: SiteScreen });

/**
 * "Visit": the published site in Quire's reader, in a new tab. Not for a share-link site, read
 * only through one of its links (the Sharing tab lists them), nor before it is published.
 */
function VisitLink({ site }: { site: Site }) {
  const address = site.urls.published;
  if (!site.published || !address || site.visibility === 'share-link') return null;
  return (
    <a className="button visit-site" href={address} target="_blank" rel="noopener">
      Visit<span className="visually-hidden"> the published site (opens a new tab)</span>
    </a>
  );
}

function SiteScreen() {
  const { organizationId, siteId } = Route.useParams();
  const trpc = useTRPC();
  const site = useQuery(trpc.sites.get.queryOptions({ organizationId, siteId }));
  if (site.error)
    return (
      <main id="main" className="page-main narrow">
        <ErrorNotice error={site.error} retry={() => void site.refetch()} />
      </main>
    );
  if (!site.data)
    return (
      <main id="main" className="page-main narrow">
        <Loading label="Loading the site…" />
      </main>
    );
  const data = site.data;
  return (
    <main id="main" className="page-main narrow">
      <Link to="/o/$organizationId/sites" params={{ organizationId }} className="back-link">
        ← All sites
      </Link>
      <div className="heading-row">
        <h1>{data.title}</h1>
        <span className={data.published ? 'badge badge-published' : 'badge'}>
          {data.published ? 'Published' : 'Not published'}
        </span>
        <VisitLink site={data} />
      </div>
      <Tabs.Root defaultValue="structure">
        <Tabs.List className="tabs-list" aria-label="Site">
          <Tabs.Trigger value="structure" className="tabs-trigger">
            Structure
          </Tabs.Trigger>
          <Tabs.Trigger value="sharing" className="tabs-trigger">
            Sharing
          </Tabs.Trigger>
          <Tabs.Trigger value="settings" className="tabs-trigger">
            Settings
          </Tabs.Trigger>
          <Tabs.Trigger value="customization" className="tabs-trigger">
            Customization
          </Tabs.Trigger>
          <Tabs.Trigger value="adaptive" className="tabs-trigger">
            Adaptive content
          </Tabs.Trigger>
          {data.permissions.edit && (
            <Tabs.Trigger value="insights" className="tabs-trigger">
              Insights
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="structure">
          <SiteStructureEditor organizationId={organizationId} site={data} />
        </Tabs.Content>
        <Tabs.Content value="sharing">
          <SiteSharing organizationId={organizationId} site={data} />
        </Tabs.Content>
        <Tabs.Content value="settings">
          <SiteSettings key={data.id} organizationId={organizationId} site={data} />
        </Tabs.Content>
        <Tabs.Content value="customization">
          <SiteCustomization key={data.id} organizationId={organizationId} site={data} />
        </Tabs.Content>
        <Tabs.Content value="adaptive">
          <AdaptiveContent organizationId={organizationId} site={data} />
        </Tabs.Content>
        {data.permissions.edit && (
          <Tabs.Content value="insights">
            <SiteInsights organizationId={organizationId} site={data} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </main>
  );
}
