/** The repositories of the organization-deletion area, added to every operation's `ctx.repos`. */
import type { OrganizationDataRepository } from './ports';

export interface OrganizationDeletionRepositories {
  organizationData: OrganizationDataRepository;
}

declare module '../core/context' {
  interface Repositories extends OrganizationDeletionRepositories {}
}
