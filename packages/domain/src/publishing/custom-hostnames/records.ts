/**
 * A custom hostname as stored: which site or organization it names. The record is the claim
 * that makes a hostname unique across the server (its id is the hostname); a site's own
 * `hostname` field says which one it serves, and only a claim its target still points at
 * counts (a claim left by an interrupted change is taken over, see `claim-hostname.ts`).
 */
export type CustomHostnameTargetRecord =
  | { type: 'site'; organizationId: string; siteId: string }
  | { type: 'organization'; organizationId: string };

export interface CustomHostnameRecord {
  /** Lower case, no port, no trailing dot. */
  hostname: string;
  target: CustomHostnameTargetRecord;
  createdAt: string;
}

/**
 * The claim on a proxy's host (`docs.example.com` of `docs.example.com/help`): which
 * organization's sites may be served under paths of that host (its id is the host). Kept
 * apart from the custom hostnames' claims: one organization may serve a site at a custom
 * hostname and others under proxy paths of the same host (see `proxy-host-claims.ts`).
 */
export interface ProxyHostClaimRecord {
  /** Lower case, as `proxyParts` gives it. */
  hostname: string;
  organizationId: string;
  createdAt: string;
}
