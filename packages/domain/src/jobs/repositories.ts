/** The repositories of the jobs area, added to every operation's `ctx.repos`. */
import type { JobRepository } from './ports';

export interface JobsRepositories {
  jobs: JobRepository;
}

declare module '../core/context' {
  interface Repositories extends JobsRepositories {}
}
