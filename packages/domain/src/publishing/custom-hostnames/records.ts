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
