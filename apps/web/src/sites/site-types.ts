/** The site resources as the server's tRPC router gives them (types only). */
import type { RouterOutputs } from '../api/app-router';

export type Site = RouterOutputs['sites']['get'];
export type SiteVisibility = Site['visibility'];
export type SitePermissions = Site['permissions'];

export type SiteStructure = RouterOutputs['sites']['structure']['get'];
type SectionsStructure = Extract<SiteStructure, { type: 'sections' }>;
type TopLevelEntry = SectionsStructure['structure'][number];
export type SiteSection = Extract<TopLevelEntry, { object: 'site-section' }>;
export type SiteSectionGroup = Extract<TopLevelEntry, { object: 'site-section-group' }>;
export type SiteSpace = SiteSection['siteSpaces'][number];

export type ShareLink = RouterOutputs['sites']['shareLinks']['list']['items'][number];
