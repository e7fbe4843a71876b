/**
 * GitBook's customization settings of a site left as they come (SiteCustomizationSettings):
 * what the published view reports while Quire has no site customization.
 */
const color = { light: '#346DDB', dark: '#346DDB' };

export const SITE_CUSTOMIZATION_DEFAULTS: Record<string, unknown> = {
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
    sidebar: { background: 'default', list: 'default' },
    search: 'subtle',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'light', toggeable: true },
  pdf: { enabled: true },
  feedback: { enabled: false },
  ai: { mode: 'search' },
  advancedCustomization: { enabled: false },
  trademark: { enabled: true },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  pageActions: { externalAI: false, markdown: true },
  git: { showEditLink: false },
  privacyPolicy: {},
  socialPreview: {},
  insights: { trackingCookie: false },
};
