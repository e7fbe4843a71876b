/**
 * A change request's preview links (issue 29, item 8): the preview is framed by a site showing the
 * space, so when several sites show it the member chooses: one link per site they may see
 * (`sites.list` as them, the space's sites only), "Preview on <site>". One site: one "Preview".
 * None, still loading or not readable: one "Preview", framed by the server's choice (the first
 * site the member may see, else the reader's defaults). Each opens in a new tab.
 */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../api/trpc';

/** The preview's address: `/~preview/<space>/<change request>/[~site/<site>/]<page path>`. */
export function previewHref(spaceId: string, number: number, pagePath: string, siteId?: string): string {
  const site = siteId === undefined ? '' : `~site/${encodeURIComponent(siteId)}/`;
  return `/~preview/${encodeURIComponent(spaceId)}/${number}/${site}${pagePath}`;
}

export function PreviewLinks({
  organizationId,
  spaceId,
  number,
  pagePath = '',
}: {
  organizationId: string;
  spaceId: string;
  number: number;
  /** The page to open (its path in the space); `''`: the first page. */
  pagePath?: string;
}) {
  const trpc = useTRPC();
  const sites = useQuery(trpc.sites.list.queryOptions({ organizationId, space: spaceId, limit: 100 }));
  const shown = sites.data?.items ?? [];
  if (shown.length < 2)
    return (
      <a
        className="button"
        href={previewHref(spaceId, number, pagePath, shown[0]?.id)}
        target="_blank"
        rel="noopener"
      >
        Preview
      </a>
    );
  return (
    <>
      {shown.map((site) => (
        <a
          key={site.id}
          className="button"
          href={previewHref(spaceId, number, pagePath, site.id)}
          target="_blank"
          rel="noopener"
        >
          Preview on {site.title}
        </a>
      ))}
    </>
  );
}
