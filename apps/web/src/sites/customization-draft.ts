/**
 * A site's customization as the screen edits it (`SiteCustomization`): the fields it shows,
 * as plain form values, made from the settings read and turned back into the whole settings
 * to put. What the screen does not show (fonts of the site's own, tint, code themes, header
 * menus' sub-links, footer groups...) is sent back as it was read; header links to anything
 * but an address are kept too, after the edited ones.
 */
import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter, RouterOutputs } from '../api/app-router';

export type Customization = RouterOutputs['sites']['customization']['get'];
export type CustomizationInput = inferRouterInputs<AppRouter>['sites']['customization']['update'];
type Styling = Customization['styling'];
type HeaderItem = Customization['header']['links'][number];
export type PageAction = Customization['pageActions']['items'][number];
export type SocialPlatform = Customization['socialAccounts'][number]['platform'];

export const THEMES: Styling['theme'][] = ['clean', 'muted', 'bold', 'gradient'];
export const CORNERS: Styling['corners'][] = ['straight', 'rounded', 'circular'];
export const FONTS = [
  'ABCFavorit',
  'Inter',
  'Roboto',
  'RobotoSlab',
  'OpenSans',
  'SourceSansPro',
  'Lato',
  'Ubuntu',
  'Raleway',
  'Merriweather',
  'Overpass',
  'NotoSans',
  'IBMPlexSerif',
  'Poppins',
  'FiraSans',
] as const;
export const PAGE_ACTIONS: Array<{ action: PageAction; label: string }> = [
  { action: 'markdown', label: 'Copy or view the page as markdown' },
  { action: 'pdf', label: 'Download the page as PDF' },
  { action: 'external-ai', label: 'Open the page in an AI assistant' },
  { action: 'git', label: 'Edit the page in its Git repository' },
  { action: 'mcp', label: 'Connect an AI tool (MCP)' },
  { action: 'assistant', label: 'Ask the site’s assistant' },
];
export const SOCIAL_PLATFORMS: SocialPlatform[] = [
  'twitter',
  'instagram',
  'facebook',
  'linkedin',
  'github',
  'discord',
  'slack',
  'youtube',
  'tiktok',
  'reddit',
  'bluesky',
  'mastodon',
  'threads',
  'medium',
];

export interface LinkRow {
  title: string;
  url: string;
}
export interface SocialRow {
  platform: SocialPlatform;
  handle: string;
}

export interface CustomizationDraft {
  title: string;
  theme: Styling['theme'];
  primaryLight: string;
  primaryDark: string;
  corners: Styling['corners'];
  /** A default font's name, or '' while the site uses a font of its own (kept as it is). */
  font: string;
  logoLight: string;
  logoDark: string;
  links: LinkRow[];
  copyright: string;
  announcementOn: boolean;
  announcement: string;
  themeMode: Customization['themes']['default'];
  themeToggle: boolean;
  feedback: boolean;
  aiMode: Customization['ai']['mode'];
  pageActions: PageAction[];
  externalLinks: Customization['externalLinks']['target'];
  privacyPolicy: string;
  social: SocialRow[];
}

const urlOf = (item: HeaderItem): string | undefined =>
  item.to && item.to.kind === 'url' ? item.to.url : undefined;

/** Header links to an address with no menu: those the screen edits. */
const editable = (item: HeaderItem): boolean => urlOf(item) !== undefined && item.links.length === 0;

export function draftOf(settings: Customization): CustomizationDraft {
  const font = settings.styling.font;
  return {
    title: settings.title ?? '',
    theme: settings.styling.theme,
    primaryLight: settings.styling.primaryColor.light,
    primaryDark: settings.styling.primaryColor.dark,
    corners: settings.styling.corners,
    font: typeof font === 'string' ? font : '',
    logoLight: settings.header.logo?.light ?? '',
    logoDark: settings.header.logo?.dark ?? '',
    links: settings.header.links.filter(editable).map((item) => ({ title: item.title, url: urlOf(item)! })),
    copyright: settings.footer.copyright ?? '',
    announcementOn: settings.announcement?.enabled ?? false,
    announcement: settings.announcement?.message ?? '',
    themeMode: settings.themes.default,
    themeToggle: settings.themes.toggeable,
    feedback: settings.feedback.enabled,
    aiMode: settings.ai.mode,
    pageActions: settings.pageActions.items,
    externalLinks: settings.externalLinks.target,
    privacyPolicy: settings.privacyPolicy.url ?? '',
    social: settings.socialAccounts.map(({ platform, handle }) => ({ platform, handle })),
  };
}

/** The whole settings to put: `settings` as read, with the draft's fields. */
export function settingsOf(
  settings: Customization,
  draft: CustomizationDraft,
): Omit<CustomizationInput, 'organizationId' | 'siteId'> {
  const {
    updatedAt: _at,
    pdf: _pdf,
    git: _git,
    title: _title,
    announcement: _announcement,
    ...rest
  } = settings;
  const logo = draft.logoLight.trim();
  const kept = settings.header.links.filter((item) => !editable(item));
  const message = draft.announcement.trim();
  const keptAccounts = new Map(
    settings.socialAccounts.map((account) => [account.platform + account.handle, account]),
  );
  return {
    ...rest,
    ...(draft.title.trim() === '' ? {} : { title: draft.title.trim() }),
    styling: {
      ...settings.styling,
      theme: draft.theme,
      primaryColor: { light: draft.primaryLight, dark: draft.primaryDark },
      corners: draft.corners,
      font: draft.font === '' ? settings.styling.font : (draft.font as (typeof FONTS)[number]),
    },
    header: {
      ...settings.header,
      logo: undefined,
      ...(logo === '' ? {} : { logo: { light: logo, dark: draft.logoDark.trim() || logo } }),
      links: [
        ...draft.links
          .filter((row) => row.title.trim() !== '' && row.url.trim() !== '')
          .map((row) => ({
            title: row.title.trim(),
            to: { kind: 'url' as const, url: row.url.trim() },
            links: [],
          })),
        ...kept,
      ],
    },
    footer: {
      ...settings.footer,
      copyright: undefined,
      ...(draft.copyright.trim() === '' ? {} : { copyright: draft.copyright.trim() }),
    },
    ...(message === ''
      ? {}
      : {
          announcement: {
            ...(settings.announcement ?? { style: 'info' as const }),
            enabled: draft.announcementOn,
            message,
          },
        }),
    themes: { default: draft.themeMode, toggeable: draft.themeToggle },
    feedback: { enabled: draft.feedback },
    ai: { ...settings.ai, mode: draft.aiMode },
    pageActions: { items: draft.pageActions },
    externalLinks: { target: draft.externalLinks },
    privacyPolicy: draft.privacyPolicy.trim() === '' ? {} : { url: draft.privacyPolicy.trim() },
    socialAccounts: draft.social
      .filter((row) => row.handle.trim() !== '')
      .map((row) => {
        const handle = row.handle.trim();
        return {
          platform: row.platform,
          handle,
          display: keptAccounts.get(row.platform + handle)?.display ?? { footer: true, header: false },
        };
      }),
  };
}
