/**
 * What every page of a visit shares, from the operations' answers: the site's customization
 * (the site space's own when it has one, GitBook's rule) narrowed to what the reader shows,
 * the sections as the top navigation, the current section's site spaces as the variant
 * switcher, the page tree with link pages resolved, and how page references become the
 * site's paths (`<base path><page path>`, the base path the lookup answered).
 */
import type { ReaderCustomization, ReaderSection, ReaderTreePage, ReaderVariant } from '@quire/reader';
import { deepFreeze } from './deep-freeze';
import { readerAssetsUnder } from './reader-assets';
import { ASK_STREAM_PATH, SUGGESTIONS_PATH } from './reader-tool-paths';
import { readerTreesOf } from './reader-trees';
import type { PageTreeNode, PublishedSite, ReaderVisit } from './reader-visit';
import type { SitePages } from './site-pages';

type Customization = PublishedSite['customizations']['site'];
type Structure = PublishedSite['structure'];
type StructureSection = Extract<Structure, { type: 'sections' }>['structure'][number];
type Section = Exclude<StructureSection, { object: 'site-section-group' }>;
type SiteSpaceItem = Section['siteSpaces'][number];

export interface ReaderFrame {
  lang: string;
  siteTitle: string;
  homeHref: string;
  customization: ReaderCustomization;
  sections: ReaderSection[];
  variants: ReaderVariant[];
  tree: readonly ReaderTreePage[];
  treeHref(page: ReaderTreePage): string;
  /** The tree with no page open, as HTML, kept per revision and base path (`reader-trees.ts`). */
  closedTreeHtml(): string;
  searchAction: string;
  /** The search box's suggestions (JSON), `<base>~reader/search`. */
  suggestionsHref: string;
  /** The Ask box's answer, streamed (server-sent events), `<base>~reader/ask`. */
  askStreamHref: string;
  assets: { css: string; script: string };
  /** A page of the site space by id: its address and title. */
  pageLink(pageId: string): { href: string; title: string } | undefined;
}

const HEX_EMOJI = /^[0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*$/i;

/** A page's emoji as characters (GitBook keeps code points in hex). */
export function emojiText(emoji: string | undefined): string | undefined {
  if (emoji === undefined || !HEX_EMOJI.test(emoji)) return emoji;
  const points = emoji.split('-').map((part) => Number.parseInt(part, 16));
  return points.every((point) => point >= 0x20 && point <= 0x10ffff)
    ? String.fromCodePoint(...points)
    : undefined;
}

const sectionHref = (siteBasePath: string, section: Section): string =>
  section.default ? siteBasePath : `${siteBasePath}${encodeURIComponent(section.path)}/`;

const siteSpaceHref = (sectionBase: string, siteSpace: SiteSpaceItem): string =>
  siteSpace.default ? sectionBase : `${sectionBase}${encodeURIComponent(siteSpace.path)}/`;

const encodedPath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

function sectionsOf(visit: ReaderVisit): { sections: ReaderSection[]; variants: ReaderVariant[] } {
  const { structure } = visit.site;
  const { siteBasePath, siteSpace: currentSiteSpace, siteSection: currentSection } = visit.lookup;
  if (structure.type === 'siteSpaces') {
    const variants = structure.structure.map((siteSpace) => ({
      title: siteSpace.title,
      href: siteSpaceHref(siteBasePath, siteSpace),
      current: siteSpace.id === currentSiteSpace,
    }));
    return { sections: [], variants };
  }
  const toSection = (section: Section): ReaderSection => ({
    title: section.title,
    href: sectionHref(siteBasePath, section),
    current: section.id === currentSection,
    ...(section.icon === undefined ? {} : { icon: section.icon }),
  });
  const sections = structure.structure.map((item): ReaderSection => {
    if (item.object === 'site-section-group') {
      const children = item.sections.map(toSection);
      return {
        title: item.title,
        href: children[0]?.href ?? siteBasePath,
        current: children.some((child) => child.current),
        sections: children,
      };
    }
    return toSection(item);
  });
  const allSections = structure.structure.flatMap((item) =>
    item.object === 'site-section-group' ? item.sections : [item],
  );
  const current = allSections.find((section) => section.id === currentSection);
  const variants = current
    ? current.siteSpaces.map((siteSpace) => ({
        title: siteSpace.title,
        href: siteSpaceHref(sectionHref(siteBasePath, current), siteSpace),
        current: siteSpace.id === currentSiteSpace,
      }))
    : [];
  return { sections, variants };
}

/** A customization link's target (GitBook's ContentRef) as an address, when the reader can make one. */
function hrefOfContentRef(ref: unknown, pageLink: ReaderFrame['pageLink']): string | undefined {
  if (ref === null || typeof ref !== 'object') return undefined;
  const target = ref as { kind?: string; url?: string; page?: string; anchor?: string };
  if (target.kind === 'url') return target.url;
  if (target.kind === 'page' && target.page) return pageLink(target.page)?.href;
  if (target.kind === 'anchor' && target.page) {
    const page = pageLink(target.page);
    return page ? `${page.href}#${encodeURIComponent(target.anchor ?? '')}` : undefined;
  }
  return undefined;
}

const fontOf = (font: unknown): ReaderCustomization['styling']['font'] =>
  typeof font === 'string' || (font !== null && typeof font === 'object' && 'fontFamily' in font)
    ? (font as ReaderCustomization['styling']['font'])
    : undefined;

export function readerCustomizationOf(
  settings: Customization,
  pageLink: ReaderFrame['pageLink'],
): ReaderCustomization {
  const link = (item: { title: string; to: unknown }) => ({
    title: item.title,
    href: hrefOfContentRef(item.to, pageLink),
  });
  const { styling } = settings;
  const favicon = settings.favicon as { icon?: { light: string; dark: string }; emoji?: string };
  return {
    ...(settings.title === undefined ? {} : { title: settings.title }),
    styling: {
      primaryColor: styling.primaryColor,
      ...(styling.tint ? { tint: styling.tint } : {}),
      infoColor: styling.infoColor,
      successColor: styling.successColor,
      warningColor: styling.warningColor,
      dangerColor: styling.dangerColor,
      corners: styling.corners,
      font: fontOf(styling.font),
      headingFont: fontOf(styling.headingFont) ?? null,
      monospaceFont: fontOf(styling.monospaceFont),
      links: styling.links,
    },
    favicon: {
      ...(favicon.icon ? { icon: favicon.icon } : {}),
      ...(favicon.emoji ? { emoji: favicon.emoji } : {}),
    },
    header: {
      ...(settings.header.logo ? { logo: settings.header.logo } : {}),
      links: settings.header.links.map((item) => ({
        ...link(item),
        ...(item.style ? { style: item.style } : {}),
        links: item.links.map(link),
      })),
    },
    footer: {
      ...(settings.footer.logo ? { logo: settings.footer.logo } : {}),
      groups: settings.footer.groups.map((group) => ({ title: group.title, links: group.links.map(link) })),
      ...(settings.footer.copyright ? { copyright: settings.footer.copyright } : {}),
    },
    themes: settings.themes,
    ...(settings.announcement
      ? {
          announcement: {
            enabled: settings.announcement.enabled,
            message: settings.announcement.message,
            style: settings.announcement.style,
            ...(settings.announcement.link ? { link: link(settings.announcement.link) } : {}),
          },
        }
      : {}),
    socialAccounts: settings.socialAccounts,
    pagination: settings.pagination,
    feedback: settings.feedback,
    pageActions: { items: [...settings.pageActions.items] },
    trademark: settings.trademark,
    privacyPolicy: settings.privacyPolicy,
    externalLinks: settings.externalLinks,
  };
}

function treeOf(
  pages: readonly PageTreeNode[],
  pageLink: ReaderFrame['pageLink'],
  depth = 0,
): ReaderTreePage[] {
  if (depth > 64) return [];
  return pages.map((page) => ({
    id: page.id,
    title: page.title,
    type: page.type,
    path: page.path,
    hidden: page.hidden,
    ...(page.emoji === undefined ? {} : { emoji: emojiText(page.emoji) }),
    ...(page.icon === undefined ? {} : { icon: page.icon }),
    ...(page.description === undefined ? {} : { description: page.description }),
    ...(page.type === 'link' ? { href: hrefOfContentRef(page.target, pageLink) } : {}),
    pages: treeOf(page.pages, pageLink, depth + 1),
  }));
}

export function readerFrameOf(visit: ReaderVisit, pages: SitePages): ReaderFrame {
  const { basePath, siteBasePath, siteSpace } = visit.lookup;
  const pageHref = (path: string) => `${basePath}${encodedPath(path)}`;
  const pageLink: ReaderFrame['pageLink'] = (pageId) => {
    const page = pages.byId.get(pageId);
    if (!page || page.type === 'link') return undefined;
    const shown = page.type === 'group' ? pages.pageAt(page.path) : page;
    return shown ? { href: pageHref(shown.path), title: page.title } : undefined;
  };
  const settings = visit.site.customizations.siteSpaces[siteSpace] ?? visit.site.customizations.site;
  const aiMode = settings.ai?.mode ?? 'none';
  // The Ask box shows where the site enables AI and the server has a provider to answer it.
  const customization = {
    ...readerCustomizationOf(settings, pageLink),
    ...(aiMode !== 'none' && visit.ctx.answerProvider.configured ? { ai: { mode: aiMode } } : {}),
  };
  const { sections, variants } = sectionsOf(visit);
  const treeHref = (page: ReaderTreePage) => pageHref(page.path);
  const { revision, space } = visit.lookup;
  const kept = readerTreesOf(visit.ctx).treeOf(
    revision === undefined ? undefined : `${space}@${revision} ${basePath}`,
    () => deepFreeze(treeOf(visit.pages, pageLink)),
    treeHref,
  );
  return {
    lang: settings.internationalization?.locale ?? 'en',
    siteTitle: settings.title ?? visit.site.site.title,
    homeHref: basePath,
    customization,
    sections,
    variants,
    // Shared by the visits of the revision at this base path: frozen (read, never changed).
    tree: kept.tree,
    treeHref,
    closedTreeHtml: kept.closedHtml,
    searchAction: basePath,
    suggestionsHref: `${basePath}${SUGGESTIONS_PATH}`,
    askStreamHref: `${basePath}${ASK_STREAM_PATH}`,
    assets: readerAssetsUnder(siteBasePath),
    pageLink,
  };
}
