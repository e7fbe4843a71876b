/**
 * A site's customization while it was never set, in GitBook's shape (SiteCustomizationSettings,
 * 0.202.0), and the value of each section a `PUT SITE/customization` leaves out. No address:
 * a site shows no logo, favicon or font of a third party unless its editors give one, and
 * then Quire serves it (`customization/customization-assets.ts`).
 */
import type { SiteCustomizationInput } from './customization/site-customization-schema';

const color = { light: '#346DDB', dark: '#346DDB' };

export const SITE_CUSTOMIZATION_DEFAULTS: SiteCustomizationInput = {
  styling: {
    theme: 'clean',
    primaryColor: color,
    infoColor: color,
    successColor: { light: '#22C55E', dark: '#22C55E' },
    warningColor: { light: '#F59E0B', dark: '#F59E0B' },
    dangerColor: { light: '#EF4444', dark: '#EF4444' },
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'IBMPlexMono',
    background: 'plain',
    icons: 'regular',
    codeTheme: {
      default: { light: 'default-light', dark: 'default-dark' },
      openapi: { light: 'default-light', dark: 'default-dark' },
    },
    sidebar: { background: 'default', list: 'default' },
    search: 'subtle',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'light', toggeable: true },
  feedback: { enabled: false },
  // Quire has no AI provider: no assistant, no AI search, unless a site editor asks for them.
  ai: { mode: 'none' },
  advancedCustomization: { enabled: false },
  // Quire serves a page's markdown and its PDF.
  pageActions: { items: ['markdown', 'pdf'] },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  trademark: { enabled: true },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: false },
};
