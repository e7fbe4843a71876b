/**
 * Whether a visitor token (`jwt_token`, or the `gitbook-visitor-token` cookie) makes its
 * bearer a visitor of a site: opens a 'visitor-auth' site, and gives the conditions its
 * claims. GitBook's document: 'visitor-auth' sites "are reached by visitors authenticated
 * through a JWT token; the ping operation can return a visitor-claims token to attach to
 * the user". The rules, in order (the first that decides wins):
 *
 * 1. No token, or one that does not verify (forged, expired, another algorithm, signed with
 *    a key regenerated away): nothing.
 * 2. Signed with the site's visitor-authentication key: a visitor (the site's owner, who
 *    holds the key, vouches for the claims).
 * 3. A ping token (`POST ORG/ping`, signed with the instance's key) of another organization:
 *    nothing.
 * 4. A ping token whose subject is not, now, a member of the site's organization who may
 *    view the site (a guest, a disabled or removed member, a member made a guest since the
 *    ping): nothing. Guests see no site (`site-policy.ts`), and a ping token is a bearer
 *    credential that lives an hour: it opens only what its subject's membership opens at
 *    the time of the request (issue 25: a guest's ping token opened a 'visitor-auth' site).
 * 5. Otherwise (a ping token of a member who may view the site): a visitor.
 */

export type VisitorTokenFacts =
  | { kind: 'none' }
  | { kind: 'site-key' }
  | {
      kind: 'ping';
      /** The token names the site's organization. */
      sameOrganization: boolean;
      /** Its subject is now an active member of that organization whose role lets them view the site. */
      subjectMayViewSite: boolean;
    };

export function tokenMakesVisitor(facts: VisitorTokenFacts): boolean {
  if (facts.kind === 'none') return false; // 1
  if (facts.kind === 'site-key') return true; // 2
  if (!facts.sameOrganization) return false; // 3
  if (!facts.subjectMayViewSite) return false; // 4
  return true; // 5
}
