/** The fields of a visit's lookup answer the machine formats read (GitBook's `PublishedSiteContent`). */
import type { ReaderVisit } from '../reader-visit';

export interface LookupContent {
  site: string;
  siteSpace: string;
  space: string;
  revision?: string;
  pathname: string;
  basePath: string;
  siteBasePath: string;
  canonicalUrl?: string;
  shareKey?: string;
}

export const lookupOf = (visit: ReaderVisit): LookupContent => visit.lookup as unknown as LookupContent;
