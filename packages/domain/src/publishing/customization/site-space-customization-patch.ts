/**
 * The body of `PATCH SITE/site-spaces/{siteSpaceId}/customization` (GitBook's overrides of a
 * site space, 0.202.0): only what it names changes; `null` clears an override, so the site's
 * value shows again. Fonts, AI, page actions, social accounts and insights are the site's only.
 */
import { z } from 'zod';
import { SiteTitleSchema } from '../site-fields';
import {
  AnnouncementSchema,
  BackgroundSchema,
  ContentRefSchema,
  CornersSchema,
  CUSTOMIZATION_LIMITS,
  DepthSchema,
  ExternalLinksTargetSchema,
  FaviconSchema,
  FooterGroupSchema,
  HeaderItemSchema,
  HeaderPresetSchema,
  IconsStyleSchema,
  LinksStyleSchema,
  LocaleSchema,
  localizedStringSchema,
  SearchStyleSchema,
  SidebarBackgroundSchema,
  SidebarListSchema,
  ThemedCodeThemeSchema,
  ThemedColorSchema,
  ThemedUrlSchema,
  ThemeModeSchema,
  ThemeSchema,
  TintSchema,
  WebUrlSchema,
} from './customization-fields';

const clearable = <Schema extends z.ZodType>(schema: Schema) => schema.nullable().optional();

export const siteSpaceCustomizationPatchShape = {
  title: clearable(SiteTitleSchema),
  localizedTitle: clearable(localizedStringSchema(128)),
  styling: z
    .strictObject({
      theme: clearable(ThemeSchema),
      primaryColor: clearable(ThemedColorSchema),
      infoColor: clearable(ThemedColorSchema),
      successColor: clearable(ThemedColorSchema),
      warningColor: clearable(ThemedColorSchema),
      dangerColor: clearable(ThemedColorSchema),
      tint: clearable(TintSchema),
      corners: clearable(CornersSchema),
      depth: clearable(DepthSchema),
      links: clearable(LinksStyleSchema),
      icons: clearable(IconsStyleSchema),
      sidebar: z
        .strictObject({ background: clearable(SidebarBackgroundSchema), list: clearable(SidebarListSchema) })
        .optional(),
      search: clearable(SearchStyleSchema),
      background: clearable(BackgroundSchema),
      codeTheme: z
        .strictObject({
          default: clearable(ThemedCodeThemeSchema),
          openapi: clearable(ThemedCodeThemeSchema),
        })
        .optional(),
    })
    .optional(),
  internationalization: z.strictObject({ locale: LocaleSchema.nullable() }).optional(),
  favicon: clearable(FaviconSchema),
  announcement: clearable(AnnouncementSchema),
  header: z
    .strictObject({
      preset: clearable(HeaderPresetSchema),
      logo: clearable(ThemedUrlSchema),
      primaryLink: clearable(ContentRefSchema),
      backgroundColor: clearable(ThemedColorSchema),
      linkColor: clearable(ThemedColorSchema),
      links: clearable(z.array(HeaderItemSchema).max(CUSTOMIZATION_LIMITS.headerLinks)),
    })
    .optional(),
  footer: z
    .strictObject({
      logo: clearable(ThemedUrlSchema),
      groups: clearable(z.array(FooterGroupSchema).max(CUSTOMIZATION_LIMITS.footerGroups)),
      copyright: clearable(z.string().max(512)),
    })
    .optional(),
  themes: z
    .strictObject({ default: clearable(ThemeModeSchema), toggeable: clearable(z.boolean()) })
    .optional(),
  feedback: z.strictObject({ enabled: z.boolean().nullable() }).optional(),
  externalLinks: z.strictObject({ target: ExternalLinksTargetSchema.nullable() }).optional(),
  pagination: z.strictObject({ enabled: z.boolean().nullable() }).optional(),
  trademark: z.strictObject({ enabled: z.boolean().nullable() }).optional(),
  privacyPolicy: z.strictObject({ url: clearable(WebUrlSchema) }).optional(),
  socialPreview: z.strictObject({ url: clearable(WebUrlSchema) }).optional(),
};

export type SiteSpaceCustomizationPatch = z.infer<z.ZodObject<typeof siteSpaceCustomizationPatchShape>>;
