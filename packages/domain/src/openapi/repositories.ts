/** The repositories of the OpenAPI area, added to every operation's `ctx.repos`. */
import type { OpenApiSpecRepository, OpenApiVersionRepository } from './ports';

export interface OpenApiRepositories {
  openApiSpecs: OpenApiSpecRepository;
  openApiVersions: OpenApiVersionRepository;
}

declare module '../core/context' {
  interface Repositories extends OpenApiRepositories {}
}
