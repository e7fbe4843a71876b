/**
 * The seam through which a request reaches a site by its custom hostname: what the `Host` of
 * a request names (a site or an organization), for the readers of published sites to serve
 * (issue 29). Quire's own hosts (its public and app addresses) name nothing and cost no read;
 * any other host is looked up once per request (`resolveCustomHostname`: only a hostname
 * whose site or organization still points at it). `Host` is what Fastify reads: the header,
 * or `X-Forwarded-Host` when the server trusts its proxy.
 */
import { type CustomHostnameTarget, type OperationContext, resolveCustomHostname } from '@quire/domain';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services';

export type RequestHostTarget = (request: FastifyRequest) => Promise<CustomHostnameTarget | null>;

export function requestHostTarget(services: Services, ownAddresses: readonly string[]): RequestHostTarget {
  const own = new Set(ownAddresses.map((address) => new URL(address).hostname.toLowerCase()));
  const asked = new WeakMap<FastifyRequest, Promise<CustomHostnameTarget | null>>();
  // Anonymous: what a hostname names is public (it is served to anyone who asks DNS).
  const ctx = Object.create(services) as OperationContext;
  ctx.caller = null;
  return (request) => {
    const known = asked.get(request);
    if (known) return known;
    const host = request.hostname.toLowerCase();
    const target = own.has(host) ? Promise.resolve(null) : resolveCustomHostname(ctx, host);
    asked.set(request, target);
    return target;
  };
}
