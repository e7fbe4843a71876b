/** Where a spec and its versions are, in the API and in the app. */
import type { PublicUrls } from '../core/context';
import type { OpenApiSpecRecord } from './records';

type SpecPlace = Pick<OpenApiSpecRecord, 'organizationId' | 'slug'>;

export const openApiSpecLocation = (urls: PublicUrls, spec: SpecPlace): string =>
  `${urls.api}/v1/orgs/${spec.organizationId}/openapi/${spec.slug}`;

export const openApiSpecAppUrl = (urls: PublicUrls, spec: SpecPlace): string =>
  `${urls.app}/o/${spec.organizationId}/openapi/${spec.slug}`;

/** The web app's page for anyone (no sign-in) of a 'public' spec's newest version. */
export const openApiSpecPublishedUrl = (urls: PublicUrls, spec: SpecPlace): string =>
  `${urls.app}/~openapi/${spec.organizationId}/${spec.slug}`;

export const openApiVersionLocation = (urls: PublicUrls, spec: SpecPlace, versionId: string): string =>
  `${openApiSpecLocation(urls, spec)}/versions/${versionId}`;
