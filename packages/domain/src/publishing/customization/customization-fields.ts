/**
 * The parts GitBook's site customization (`SiteCustomizationSettings`, 0.202.0) is made of,
 * with GitBook's limits and Quire's where GitBook sets none: every list and string is bounded,
 * and every address is an absolute http(s) URL (never `javascript:`, `data:` or credentials),
 * so nothing a site editor writes reaches a visitor's browser as script.
 */
import { z } from 'zod';

/** `#rgb` or `#rrggbb`. */
export const ColorSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'a colour as #rgb or #rrggbb')
  .meta({ examples: ['#346DDB'] });

export const ThemedColorSchema = z.strictObject({ light: ColorSchema, dark: ColorSchema }).meta({
  id: 'CustomizationThemedColor',
  description: 'A colour for the light theme and one for the dark theme',
});

/** Why `value` may not be a link or an asset's address; undefined when it may. */
export function webUrlProblem(value: string): string | undefined {
  // Control characters, spaces and backslashes change how browsers read a URL: refused outright.
  if (/[\s\\\p{Cc}]/u.test(value)) return 'a URL without spaces, backslashes or control characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'an absolute http(s) URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'an http(s) URL';
  if (url.username !== '' || url.password !== '') return 'a URL without credentials';
  return undefined;
}

/** An absolute http(s) address (GitBook's `URL`: 2,048 characters). */
export const WebUrlSchema = z
  .string()
  .max(2048)
  .superRefine((value, check) => {
    const problem = webUrlProblem(value);
    if (problem) check.addIssue({ code: 'custom', message: `must be ${problem}` });
  })
  .meta({ examples: ['https://example.com/logo.png'] });

/** An image for each theme: stored by Quire as files, whatever address it was given by. */
export const ThemedUrlSchema = z.strictObject({ light: WebUrlSchema, dark: WebUrlSchema }).meta({
  id: 'CustomizationThemedURL',
  description: 'An image for the light theme and one for the dark theme',
});

/**
 * The keys of localized strings: GitBook's `TranslationLanguage` of 0.202.0. Not the
 * translations area's `TRANSLATION_LANGUAGES` (the interface document's shorter list, which
 * translation runs accept): the two differ by `zh-tw` and `yue`, so each keeps its own.
 */
const LOCALIZED_STRING_LANGUAGES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'pt-br',
  'ru',
  'ja',
  'zh',
  'zh-tw',
  'yue',
  'ko',
  'ar',
  'hi',
  'nl',
  'pl',
  'tr',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'cs',
  'hu',
  'ro',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'uk',
  'sk',
  'bg',
  'hr',
  'lt',
  'lv',
  'et',
  'sl',
] as const;
const LanguageSchema = z.enum(LOCALIZED_STRING_LANGUAGES);

/** A string per language (GitBook's `LocalizedString<max>`), at most one per known language. */
export const localizedStringSchema = (max: number) =>
  z
    .partialRecord(LanguageSchema, z.string().max(max))
    .describe(`A text per language, ${max} characters each`)
    .meta({ examples: [{ fr: 'Documentation' }] });

const IdRefSchema = z.string().min(1).max(128);

/**
 * GitBook's `ContentRef`: where a link leads. An address (`url`) must be an absolute http(s)
 * URL; the other kinds name Quire's content by id.
 */
export const ContentRefSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('url'), url: WebUrlSchema }),
    z.strictObject({ kind: z.literal('page'), page: IdRefSchema, space: IdRefSchema.optional() }),
    z.strictObject({
      kind: z.literal('anchor'),
      anchor: z.string().min(1).max(256),
      page: IdRefSchema.optional(),
      space: IdRefSchema.optional(),
    }),
    z.strictObject({ kind: z.literal('space'), space: IdRefSchema }),
    z.strictObject({ kind: z.literal('file'), file: IdRefSchema, space: IdRefSchema.optional() }),
    z.strictObject({ kind: z.literal('collection'), collection: IdRefSchema }),
    z.strictObject({ kind: z.literal('user'), user: IdRefSchema }),
    z.strictObject({
      kind: z.literal('reusable-content'),
      reusableContent: IdRefSchema,
      space: IdRefSchema.optional(),
    }),
    z.strictObject({ kind: z.literal('tag'), tag: IdRefSchema, space: IdRefSchema.optional() }),
    z.strictObject({ kind: z.literal('openapi'), spec: IdRefSchema }),
  ])
  .meta({
    id: 'CustomizationLinkTarget',
    description: 'Where a link leads: an http(s) URL, or content of the organization',
  });

/** Quire's bounds on lists GitBook leaves open. */
export const CUSTOMIZATION_LIMITS = {
  headerLinks: 20,
  subLinks: 20,
  footerGroups: 10,
  footerLinks: 20,
  fontFaces: 20,
  fontSources: 4,
  linkTitle: 128,
} as const;

/** A link of a menu or of a footer group (GitBook's `CustomizationContentLink`). */
export const ContentLinkSchema = z
  .strictObject({
    title: z.string().max(64),
    localizedTitle: localizedStringSchema(64).optional(),
    to: ContentRefSchema,
  })
  .meta({
    id: 'CustomizationContentLink',
    description: 'A link of a menu, a footer group or an announcement',
  });

export const HeaderItemSchema = z
  .strictObject({
    title: z.string().max(CUSTOMIZATION_LIMITS.linkTitle),
    localizedTitle: localizedStringSchema(CUSTOMIZATION_LIMITS.linkTitle).optional(),
    style: z.enum(['link', 'button-primary', 'button-secondary']).optional(),
    to: ContentRefSchema.nullable(),
    links: z.array(ContentLinkSchema).max(CUSTOMIZATION_LIMITS.subLinks),
    condition: z.string().max(1024).optional().describe("Expression over the visitor's claims"),
  })
  .meta({ id: 'CustomizationHeaderItem', description: 'A link or menu of the header' });

export const FooterGroupSchema = z
  .strictObject({
    title: z.string().max(CUSTOMIZATION_LIMITS.linkTitle),
    localizedTitle: localizedStringSchema(CUSTOMIZATION_LIMITS.linkTitle).optional(),
    links: z.array(ContentLinkSchema).max(CUSTOMIZATION_LIMITS.footerLinks),
  })
  .meta({ id: 'CustomizationFooterGroup', description: 'A group of links of the footer' });

export const DEFAULT_FONTS = [
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
export const DEFAULT_MONOSPACE_FONTS = [
  'FiraCode',
  'IBMPlexMono',
  'JetBrainsMono',
  'SourceCodePro',
  'RobotoMono',
  'SpaceMono',
  'DMMono',
  'Inconsolata',
] as const;

/**
 * A font of the site's own (GitBook's `CustomizationFontDefinitionInput`). Its family name
 * goes into the renderer's CSS, so it is letters, digits, spaces, hyphens and underscores only;
 * its sources are WOFF/WOFF2 files Quire stores and serves.
 */
export const FontDefinitionSchema = z
  .strictObject({
    id: z.string().min(1).max(128),
    custom: z.boolean(),
    fontFamily: z
      .string()
      .min(1)
      .max(50)
      .regex(/^[\p{L}\p{N} _-]+$/u, 'letters, digits, spaces, "-" and "_"'),
    fontFaces: z
      .array(
        z.strictObject({
          weight: z.int().min(1).max(1000),
          sources: z
            .array(z.strictObject({ url: WebUrlSchema, format: z.enum(['woff2', 'woff']).optional() }))
            .min(1)
            .max(CUSTOMIZATION_LIMITS.fontSources),
        }),
      )
      .min(1)
      .max(CUSTOMIZATION_LIMITS.fontFaces),
  })
  .meta({ id: 'CustomizationFontDefinitionInput', description: "A font of the site's own" });

export const FontSchema = z.union([z.enum(DEFAULT_FONTS), FontDefinitionSchema]);
export const MonospaceFontSchema = z.union([z.enum(DEFAULT_MONOSPACE_FONTS), FontDefinitionSchema]);

export const CODE_THEMES = [
  'default-light',
  'default-dark',
  'monochrome-light',
  'monochrome-dark',
  'andromeeda',
  'aurora-x',
  'ayu-dark',
  'catppuccin-frappe',
  'catppuccin-latte',
  'catppuccin-macchiato',
  'catppuccin-mocha',
  'dark-plus',
  'dracula',
  'dracula-soft',
  'everforest-dark',
  'everforest-light',
  'github-dark',
  'github-dark-default',
  'github-dark-dimmed',
  'github-dark-high-contrast',
  'github-light',
  'github-light-default',
  'github-light-high-contrast',
  'gruvbox-dark-hard',
  'gruvbox-dark-medium',
  'gruvbox-dark-soft',
  'gruvbox-light-hard',
  'gruvbox-light-medium',
  'gruvbox-light-soft',
  'houston',
  'kanagawa-dragon',
  'kanagawa-lotus',
  'kanagawa-wave',
  'laserwave',
  'light-plus',
  'material-theme',
  'material-theme-darker',
  'material-theme-lighter',
  'material-theme-ocean',
  'material-theme-palenight',
  'min-dark',
  'min-light',
  'monokai',
  'night-owl',
  'nord',
  'one-dark-pro',
  'one-light',
  'plastic',
  'poimandres',
  'red',
  'rose-pine',
  'rose-pine-dawn',
  'rose-pine-moon',
  'slack-dark',
  'slack-ochin',
  'snazzy-light',
  'solarized-dark',
  'solarized-light',
  'synthwave-84',
  'tokyo-night',
  'vesper',
  'vitesse-black',
  'vitesse-dark',
  'vitesse-light',
] as const;
const CodeThemeSchema = z.enum(CODE_THEMES);
export const ThemedCodeThemeSchema = z
  .strictObject({ light: CodeThemeSchema, dark: CodeThemeSchema })
  .meta({ id: 'CustomizationThemedCodeTheme', description: 'A code theme for each theme mode' });

export const ThemeSchema = z.enum(['clean', 'muted', 'bold', 'gradient']);
export const CornersSchema = z.enum(['straight', 'rounded', 'circular']);
export const DepthSchema = z.enum(['subtle', 'flat']);
export const LinksStyleSchema = z.enum(['default', 'accent']);
export const BackgroundSchema = z.enum(['plain', 'match']);
export const IconsStyleSchema = z.enum(['regular', 'solid', 'duotone', 'light', 'thin']);
export const SidebarBackgroundSchema = z.enum(['default', 'filled']);
export const SidebarListSchema = z.enum(['default', 'pill', 'line']);
export const SearchStyleSchema = z.enum(['prominent', 'subtle']);
export const LocaleSchema = z.enum(['en', 'fr', 'es', 'zh', 'ja', 'de', 'nl', 'no', 'pt-br', 'ru']);
export const HeaderPresetSchema = z.enum(['default', 'bold', 'contrast', 'custom', 'none']);
export const ThemeModeSchema = z.enum(['light', 'dark', 'system']);
export const AiModeSchema = z.enum(['none', 'search', 'assistant']);
export const PageActionSchema = z.enum(['assistant', 'external-ai', 'markdown', 'mcp', 'git', 'pdf']);
export const ExternalLinksTargetSchema = z.enum(['self', 'blank']);
export const TintSchema = z
  .strictObject({ color: ThemedColorSchema })
  .meta({ id: 'CustomizationTint', description: "The colour of the site's surfaces" });

/** An emoji as its character(s) or its code points in hex (`1f4d8`, `1f1eb-1f1f7`). */
export const EmojiSchema = z
  .string()
  .min(1)
  .max(50)
  .regex(
    /^(?:[0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*|(?:\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f)+)$/u,
    'an emoji, or its code points in hex',
  );

export const FaviconSchema = z.union([
  z.strictObject({ icon: ThemedUrlSchema }),
  z.strictObject({ emoji: EmojiSchema }),
  z.strictObject({}),
]);

export const AnnouncementSchema = z
  .strictObject({
    enabled: z.boolean(),
    message: z.string().min(2).max(128),
    localizedMessage: localizedStringSchema(128).optional(),
    link: ContentLinkSchema.optional(),
    style: z.enum(['info', 'warning', 'danger', 'success']),
  })
  .meta({ id: 'CustomizationAnnouncement', description: 'A banner shown above every page' });

export const SOCIAL_PLATFORMS = [
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
] as const;

/** A social account; its handle goes into a URL of the platform, so it is a handle's characters only. */
export const SocialAccountSchema = z
  .strictObject({
    platform: z.enum(SOCIAL_PLATFORMS),
    handle: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[\p{L}\p{N}._@-]+$/u, 'letters, digits, ".", "_", "@" and "-"'),
    display: z.strictObject({ footer: z.boolean(), header: z.boolean() }),
  })
  .meta({
    id: 'SiteSocialAccount',
    description: 'A social account of the site, shown in its header or footer',
  });
