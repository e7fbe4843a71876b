/**
 * A site's customization in GitBook's shape (`SiteCustomizationSettings`, 0.202.0): what
 * `PUT SITE/customization` takes (every section but those GitBook requires inside it may be
 * left out, and then is the default) and what the customization routes and the published
 * view answer (every section present).
 */
import { z } from 'zod';
import { SiteTitleSchema } from '../site-fields';
import {
  AiModeSchema,
  AnnouncementSchema,
  BackgroundSchema,
  ContentRefSchema,
  CornersSchema,
  CUSTOMIZATION_LIMITS,
  DepthSchema,
  ExternalLinksTargetSchema,
  FaviconSchema,
  FontSchema,
  FooterGroupSchema,
  HeaderItemSchema,
  HeaderPresetSchema,
  IconsStyleSchema,
  LinksStyleSchema,
  LocaleSchema,
  localizedStringSchema,
  MonospaceFontSchema,
  PageActionSchema,
  SearchStyleSchema,
  SidebarBackgroundSchema,
  SidebarListSchema,
  SocialAccountSchema,
  ThemedCodeThemeSchema,
  ThemedColorSchema,
  ThemedUrlSchema,
  ThemeModeSchema,
  ThemeSchema,
  TintSchema,
  WebUrlSchema,
} from './customization-fields';

const enabled = z
  .strictObject({ enabled: z.boolean() })
  .meta({ id: 'CustomizationSwitch', description: 'A feature on or off' });

export const StylingSchema = z
  .strictObject({
    theme: ThemeSchema,
    primaryColor: ThemedColorSchema,
    tint: TintSchema.optional(),
    infoColor: ThemedColorSchema,
    successColor: ThemedColorSchema,
    warningColor: ThemedColorSchema,
    dangerColor: ThemedColorSchema,
    corners: CornersSchema,
    depth: DepthSchema,
    links: LinksStyleSchema,
    font: FontSchema,
    headingFont: z.union([FontSchema, z.null()]).optional(),
    monospaceFont: MonospaceFontSchema,
    background: BackgroundSchema,
    icons: IconsStyleSchema,
    codeTheme: z.strictObject({ default: ThemedCodeThemeSchema, openapi: ThemedCodeThemeSchema }),
    sidebar: z.strictObject({ background: SidebarBackgroundSchema, list: SidebarListSchema }),
    search: SearchStyleSchema,
  })
  .meta({ id: 'CustomizationStyling', description: "The site's theme, colours, fonts and styles" });

/** The sections of the settings, by name: the input leaves any of them out, the resource has them all. */
export const customizationSections = {
  styling: StylingSchema,
  internationalization: z.strictObject({ locale: LocaleSchema }),
  favicon: FaviconSchema,
  header: z.strictObject({
    preset: HeaderPresetSchema,
    logo: ThemedUrlSchema.optional(),
    primaryLink: ContentRefSchema.optional(),
    backgroundColor: ThemedColorSchema.optional(),
    linkColor: ThemedColorSchema.optional(),
    links: z.array(HeaderItemSchema).max(CUSTOMIZATION_LIMITS.headerLinks),
  }),
  footer: z.strictObject({
    logo: ThemedUrlSchema.optional(),
    groups: z.array(FooterGroupSchema).max(CUSTOMIZATION_LIMITS.footerGroups),
    copyright: z.string().max(512).optional(),
  }),
  themes: z.strictObject({ default: ThemeModeSchema, toggeable: z.boolean() }),
  feedback: enabled,
  ai: z.strictObject({
    mode: AiModeSchema,
    greeting: z.string().max(256).optional(),
    localizedGreeting: localizedStringSchema(128).optional(),
    suggestions: z.array(z.string().min(3).max(64)).max(5).optional(),
    instructions: z.string().max(10_000).optional(),
  }),
  advancedCustomization: enabled,
  pageActions: z.strictObject({
    items: z.array(PageActionSchema).max(6),
    externalAI: z.boolean().optional().describe('Deprecated: whether `external-ai` is in `items`'),
    markdown: z.boolean().optional().describe('Deprecated: whether `markdown` is in `items`'),
  }),
  externalLinks: z.strictObject({ target: ExternalLinksTargetSchema }),
  pagination: enabled,
  trademark: enabled,
  privacyPolicy: z.strictObject({ url: WebUrlSchema.optional() }),
  socialPreview: z.strictObject({ url: WebUrlSchema.optional() }),
  socialAccounts: z.array(SocialAccountSchema).max(10),
  insights: z.strictObject({ trackingCookie: z.boolean() }),
};

const optionalTop = {
  // GitBook's earlier document (the official client Quire's tests drive) has these two beside
  // `pageActions`' flags: shown as what `pageActions.items` says, and when given they change it.
  pdf: z
    .strictObject({ enabled: z.boolean() })
    .optional()
    .describe('Deprecated: whether `pdf` is in `pageActions.items`'),
  git: z
    .strictObject({ showEditLink: z.boolean() })
    .optional()
    .describe('Deprecated: whether `git` is in `pageActions.items`'),
  title: SiteTitleSchema.optional(),
  localizedTitle: localizedStringSchema(128).optional(),
  announcement: AnnouncementSchema.optional(),
};

/** The body of `PUT SITE/customization`: a whole replacement; a section left out is the default. */
export const siteCustomizationInputShape = {
  ...optionalTop,
  // What GET answered, sent back as it was: Quire sets the time of a change itself.
  updatedAt: z.string().max(64).optional().describe('Ignored: the time of the change is set by Quire'),
  ...(Object.fromEntries(
    Object.entries(customizationSections).map(([name, schema]) => [name, schema.optional()]),
  ) as { [Name in keyof typeof customizationSections]: z.ZodOptional<(typeof customizationSections)[Name]> }),
};

export const SiteCustomizationSchema = z
  .object({
    ...optionalTop,
    ...customizationSections,
    updatedAt: z.string().optional().describe('When the customization was last changed; absent: never'),
  })
  .meta({ id: 'SiteCustomizationSettings', description: "A site's branding and presentation settings" });

export type SiteCustomization = z.infer<typeof SiteCustomizationSchema>;
export type SiteCustomizationInput = Omit<SiteCustomization, 'updatedAt'>;

export const SiteSpaceCustomizationSchema = SiteCustomizationSchema.extend({
  hasOverrides: z.boolean().describe('True when the site space overrides some of the site settings'),
}).meta({
  id: 'SiteSpaceCustomizationSettings',
  description: "A site space's effective settings: the site's, with the site space's overrides",
});

export type SiteSpaceCustomization = z.infer<typeof SiteSpaceCustomizationSchema>;
