/** The repositories of the publishing area, added to every operation's `ctx.repos`. */
import type { CustomHostnameRepository } from './custom-hostnames/ports';
import type { SiteRepository } from './ports';

export interface PublishingRepositories {
  sites: SiteRepository;
  customHostnames: CustomHostnameRepository;
}

declare module '../core/context' {
  interface Repositories extends PublishingRepositories {}
}
