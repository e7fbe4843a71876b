/** The repositories of the insights area, added to every operation's `ctx.repos`. */
import type { SiteInsightsRepository } from './ports';

export interface InsightsRepositories {
  siteInsights: SiteInsightsRepository;
}

declare module '../core/context' {
  interface Repositories extends InsightsRepositories {}
}
