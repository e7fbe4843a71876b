/** The repositories of the publishing area, added to every operation's `ctx.repos`. */
import type { CustomHostnameRepository, ProxyHostClaimRepository } from './custom-hostnames/ports';
import type { SiteRepository } from './ports';

export interface PublishingRepositories {
  sites: SiteRepository;
  customHostnames: CustomHostnameRepository;
  proxyHosts: ProxyHostClaimRepository;
}

declare module '../core/context' {
  interface Repositories extends PublishingRepositories {}
}
