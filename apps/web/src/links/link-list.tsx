/**
 * Links of a report, broken ones first: each with its status, its target (opened when it is a
 * page or a web address) and the pages it is on.
 */
import { Link } from '@tanstack/react-router';
import { type LinkLocation, linkKeyOf, locationView } from './link-location';
import type { LinkStatus } from './link-status';

export interface ReportedLink {
  status: LinkStatus;
  relation?: string;
  targetReference?: LinkLocation;
  locationReferences?: readonly LinkLocation[];
}

export const STATUS_LABELS: Readonly<Record<LinkStatus, string>> = {
  broken: 'Broken',
  'in-app': 'In app',
  ok: 'OK',
};

const STATUS_ORDER: Readonly<Record<LinkStatus, number>> = { broken: 0, 'in-app': 1, ok: 2 };

/** Broken links first, then app URLs, then the rest; otherwise as the server listed them. */
export function brokenFirst<Item extends ReportedLink>(links: readonly Item[]): Item[] {
  return [...links].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
}

export function LinkList({
  organizationId,
  links,
  label,
}: {
  organizationId: string;
  links: readonly ReportedLink[];
  label: string;
}) {
  const seen = new Map<string, number>();
  return (
    <ul className="link-list" aria-label={label}>
      {brokenFirst(links).map((link) => {
        const key = linkKeyOf(link);
        const repeat = seen.get(key) ?? 0;
        seen.set(key, repeat + 1);
        return (
          <li key={repeat === 0 ? key : `${key}#${repeat}`} className={`link-item link-${link.status}`}>
            <span className={`link-status link-status-${link.status}`}>{STATUS_LABELS[link.status]}</span>
            <div className="link-body">
              <LinkTarget organizationId={organizationId} location={link.targetReference} />
              <LinkPlaces organizationId={organizationId} locations={link.locationReferences ?? []} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function LinkTarget({ organizationId, location }: { organizationId: string; location?: LinkLocation }) {
  if (!location) return <span className="link-target">An unknown target</span>;
  const view = locationView(location);
  return (
    <span className="link-target">
      <span className="link-kind">{view.kind}: </span>
      {view.page ? (
        <Link
          to="/o/$organizationId/s/$spaceId/$"
          params={{ organizationId, spaceId: view.page.spaceId, _splat: view.page.path }}
          {...(view.page.anchor ? { hash: view.page.anchor } : {})}
        >
          {view.label}
        </Link>
      ) : view.url ? (
        <a href={view.url} rel="noreferrer noopener" target="_blank">
          {view.label}
        </a>
      ) : (
        <span className="link-label">{view.label}</span>
      )}
    </span>
  );
}

function LinkPlaces({
  organizationId,
  locations,
}: {
  organizationId: string;
  locations: readonly LinkLocation[];
}) {
  if (locations.length === 0) return null;
  return (
    <span className="link-places">
      On{' '}
      {locations.map((location, index) => {
        const view = locationView(location);
        return (
          <span key={`${view.label}-${view.page?.path ?? index}`}>
            {index > 0 && ', '}
            {view.page ? (
              <Link
                to="/o/$organizationId/s/$spaceId/$"
                params={{ organizationId, spaceId: view.page.spaceId, _splat: view.page.path }}
              >
                {view.label}
              </Link>
            ) : (
              view.label
            )}
          </span>
        );
      })}
    </span>
  );
}
