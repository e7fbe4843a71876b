/** The repositories of the publishing area, added to every operation's `ctx.repos`. */
import type { SiteRepository } from './ports';

export interface PublishingRepositories {
  sites: SiteRepository;
}

declare module '../core/context' {
  interface Repositories extends PublishingRepositories {}
}
