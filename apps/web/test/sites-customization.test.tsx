/**
 * A site's customization tab: the settings read shown as fields, edited (title, theme,
 * colour, links added and removed, page actions, a social account) and put whole, with what
 * the screen does not show sent back as read and GitBook's earlier flags left out; the
 * server's refusal shown; a reader sees the settings and changes nothing.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { READER_SITE_PERMISSIONS, site, siteHandlers } from './support/site-fixtures';

const ref = { organizationId: 'org-acme', siteId: 'site-docs' };

/** Settings as the server answers them (GitBook's defaults, a menu the screen does not edit, a custom tint). */
const SETTINGS = {
  title: 'Acme Docs',
  styling: {
    theme: 'clean',
    primaryColor: { light: '#346ddb', dark: '#346ddb' },
    tint: { color: { light: '#abcdef', dark: '#abcdef' } },
    infoColor: { light: '#346DDB', dark: '#346DDB' },
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
  header: {
    preset: 'default',
    links: [
      { title: 'Blog', to: { kind: 'url', url: 'https://acme.example/blog' }, links: [] },
      {
        title: 'Products',
        to: null,
        links: [{ title: 'One', to: { kind: 'url', url: 'https://acme.example/one' } }],
      },
    ],
  },
  footer: { groups: [] },
  themes: { default: 'light', toggeable: true },
  feedback: { enabled: false },
  ai: { mode: 'none' },
  advancedCustomization: { enabled: false },
  pageActions: { items: ['markdown', 'pdf'], externalAI: false, markdown: true },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  trademark: { enabled: true },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: false },
  pdf: { enabled: true },
  git: { showEditLink: false },
  updatedAt: '2026-01-02T00:00:00.000Z',
};

function openCustomization(overrides: Record<string, (input: unknown) => unknown> = {}) {
  return renderApp('/o/org-acme/sites/site-docs', {
    ...siteHandlers(true),
    'sites.customization.get': () => SETTINGS,
    ...overrides,
  });
}

describe('the customization of a site', () => {
  it('puts the whole settings with the fields edited, the rest as read', async () => {
    const user = userEvent.setup();
    const { calls } = openCustomization({ 'sites.customization.update': () => SETTINGS });
    await user.click(await screen.findByRole('tab', { name: 'Customization' }));
    const title = await screen.findByRole('textbox', { name: 'Site title' });
    expect(title).toHaveValue('Acme Docs');
    await user.clear(title);
    await user.type(title, 'Acme Handbook');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'bold');
    expect(screen.getByRole('textbox', { name: 'Title of link 1' })).toHaveValue('Blog');
    await user.click(screen.getByRole('button', { name: 'Remove link 1' }));
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    await user.type(screen.getByRole('textbox', { name: 'Title of link 1' }), 'Status');
    await user.type(
      screen.getByRole('textbox', { name: 'Address of link 1' }),
      'https://status.acme.example',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Download the page as PDF' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ask readers whether a page helped' }));
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    await user.type(screen.getByRole('textbox', { name: 'Handle of account 1' }), 'acme');
    await user.click(screen.getByRole('button', { name: 'Save customization' }));

    await waitFor(() => expect(callsTo(calls, 'sites.customization.update')).toHaveLength(1));
    const sent = callsTo(calls, 'sites.customization.update')[0]!.input as Record<string, unknown>;
    const { pdf: _pdf, git: _git, updatedAt: _at, ...asRead } = SETTINGS;
    expect(sent).toEqual({
      ...ref,
      ...asRead,
      title: 'Acme Handbook',
      styling: { ...SETTINGS.styling, theme: 'bold' },
      header: {
        preset: 'default',
        links: [
          { title: 'Status', to: { kind: 'url', url: 'https://status.acme.example' }, links: [] },
          SETTINGS.header.links[1],
        ],
      },
      feedback: { enabled: true },
      pageActions: { items: ['markdown'] },
      socialAccounts: [{ platform: 'github', handle: 'acme', display: { footer: true, header: false } }],
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    openCustomization({
      'sites.customization.update': () => {
        throw refusal(
          400,
          'invalid_input',
          'header.logo.light: not an image (PNG, JPEG, GIF, WebP, AVIF, SVG or ICO)',
        );
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Customization' }));
    await user.type(await screen.findByRole('textbox', { name: 'Logo' }), 'https://example.com/page.html');
    await user.click(screen.getByRole('button', { name: 'Save customization' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('header.logo.light: not an image');
  });

  it('shows a reader the settings, disabled', async () => {
    const user = userEvent.setup();
    openCustomization({ 'sites.get': () => site({ permissions: READER_SITE_PERMISSIONS }) });
    await user.click(await screen.findByRole('tab', { name: 'Customization' }));
    expect(await screen.findByRole('textbox', { name: 'Site title' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save customization' })).toBeNull();
  });
});
