/** The repositories of the redirects area, added to every operation's `ctx.repos`. */
import type { SiteRedirectRepository } from './ports';

export interface RedirectsRepositories {
  siteRedirects: SiteRedirectRepository;
}

declare module '../core/context' {
  interface Repositories extends RedirectsRepositories {}
}
