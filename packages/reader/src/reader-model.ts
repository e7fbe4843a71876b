/**
 * What the reader renders, as props: the server reads it through the publishing operations and
 * hands it over; the package never reads anything itself. Shapes follow GitBook's where they
 * come from its API (the page tree, customization), narrowed to the fields the reader uses.
 */
import type { JSONDocument } from '@quire/documents/document-types';
import type { HeadTag } from './head-tags';
import type { HighlightedCode } from './highlight-code';

/** A page of the tree (GitBook's RevisionPage, as `spaces.content.pages.list` answers it). */
export interface ReaderTreePage {
  id: string;
  title: string;
  type: 'document' | 'group' | 'link';
  path: string;
  hidden: boolean;
  emoji?: string;
  icon?: string;
  description?: string;
  /** A link page's target as an address (already rewritten to the site when it is a page). */
  href?: string;
  pages: ReaderTreePage[];
}

/** A colour for each theme. */
export interface ThemedColor {
  light: string;
  dark: string;
}

/** Where a customization link leads (GitBook's ContentRef), resolved by the server to an address. */
export interface ReaderLink {
  title: string;
  href: string | undefined;
}

export interface ReaderFontFace {
  weight: number;
  sources: Array<{ url: string; format?: 'woff2' | 'woff' }>;
}

/** A font: one of GitBook's names (the reader's stacks), or the site's own faces served by Quire. */
export type ReaderFont = string | { fontFamily: string; fontFaces: ReaderFontFace[] };

/** The site's customization, narrowed to what the reader shows (GitBook's SiteCustomizationSettings). */
export interface ReaderCustomization {
  title?: string;
  styling: {
    primaryColor: ThemedColor;
    tint?: { color: ThemedColor };
    infoColor?: ThemedColor;
    successColor?: ThemedColor;
    warningColor?: ThemedColor;
    dangerColor?: ThemedColor;
    corners?: 'straight' | 'rounded' | 'circular';
    font?: ReaderFont;
    headingFont?: ReaderFont | null;
    monospaceFont?: ReaderFont;
    links?: 'default' | 'accent';
  };
  favicon?: { icon?: { light: string; dark: string }; emoji?: string };
  header: {
    logo?: { light: string; dark: string };
    links: Array<{ title: string; href: string | undefined; style?: string; links: ReaderLink[] }>;
  };
  footer: {
    logo?: { light: string; dark: string };
    groups: Array<{ title: string; links: ReaderLink[] }>;
    copyright?: string;
  };
  themes: { default: 'light' | 'dark' | 'system'; toggeable: boolean };
  announcement?: { enabled: boolean; message: string; style: string; link?: ReaderLink };
  socialAccounts: Array<{ platform: string; handle: string; display: { footer: boolean; header: boolean } }>;
  pagination?: { enabled: boolean };
  /** Whether readers are asked "Was this helpful?" (GitBook's `feedback.enabled`). */
  feedback?: { enabled: boolean };
  /** The page actions the site offers (GitBook's `pageActions.items`: `markdown` is copy page and view as markdown). */
  pageActions?: { items: string[] };
  trademark?: { enabled: boolean };
  privacyPolicy?: { url?: string };
  externalLinks?: { target: 'self' | 'blank' };
  /** The site's AI (GitBook's `ai.mode`): with `search` or `assistant`, the header has an Ask box. */
  ai?: { mode: 'none' | 'search' | 'assistant' };
}

/** A top-level navigation entry: a section, or a group of sections. */
export interface ReaderSection {
  title: string;
  href: string;
  current: boolean;
  icon?: string;
  /** A section group's sections. */
  sections?: ReaderSection[];
}

/** A site space of the current section: the variant switcher (versions, languages). */
export interface ReaderVariant {
  title: string;
  href: string;
  current: boolean;
}

/** A file of the revision, as a block or an image shows it. */
export interface ReaderFile {
  url: string;
  name: string;
  contentType: string;
  size: number;
  width?: number;
  height?: number;
}

/** How the page's references become addresses: the server knows the site's paths and files. */
export interface ReaderLinks {
  /** A page's address in the site and its title; undefined when the visitor may not reach it. */
  page(pageId: string, spaceId?: string): { href: string; title: string } | undefined;
  file(fileId: string, spaceId?: string): ReaderFile | undefined;
  /** Another space's address in the site (its site space), undefined when the site shows none. */
  space?(spaceId: string): { href: string; title: string } | undefined;
  /** An OpenAPI operation of the organization's spec by slug: its summary and parameters when known. */
  openapiOperation?(spec: string, method: string, path: string): ReaderOpenApiOperation | undefined;
}

export interface ReaderOpenApiOperation {
  summary?: string;
  description?: string;
  deprecated?: boolean;
  parameters: Array<{ name: string; in: string; required: boolean; type?: string; description?: string }>;
  responses: Array<{ status: string; description?: string }>;
}

/** The page being read. */
export interface ReaderPage {
  id: string;
  title: string;
  description?: string;
  emoji?: string;
  /** A Font Awesome name (GitBook's page `icon`), shown when the page has no emoji. */
  icon?: string;
  /** The page's cover (GitBook's page `cover`), its images resolved to addresses by the server. */
  cover?: ReaderCover;
  /** The body, with reusable contents included and expressions evaluated (GitBook's read options). */
  document: JSONDocument | undefined;
  /**
   * The names the page's own text gives the users it mentions, by user id (the mentions' link
   * text in the stored markdown, `userMentionNamesOf`): a mention shows its name, never the id;
   * one the text does not name shows "@user".
   */
  mentionNames?: ReadonlyMap<string, string>;
  updatedAt?: string;
  path: string;
}

/** A page's cover: its image (and the dark theme's), moved `yPos` pixels in a frame `height` pixels tall. */
export interface ReaderCover {
  url: string;
  darkUrl?: string;
  yPos: number;
  height: number;
}

export interface ReaderNeighbour {
  title: string;
  href: string;
}

/** A breadcrumb: an ancestor page (a link), or a group (its title only). */
export interface ReaderBreadcrumb {
  title: string;
  href?: string;
}

/**
 * The readers' tools of a page (issue 29, item 6), as the server offers them: where its markdown
 * is (copy page, view as markdown) and where its script sends the page's events (a view, feedback).
 */
export interface ReaderPageTools {
  /** The page's markdown (`<page>.md`); absent when the site's page actions leave it out. */
  markdownHref?: string;
  /** Where the page's script posts its view and feedback; absent (a preview): nothing is sent. */
  eventsHref?: string;
}

export interface ReaderPageProps {
  lang: string;
  /** The site's title (customization's, else the site's). */
  siteTitle: string;
  /** Where the site's root is (the logo's link). */
  homeHref: string;
  customization: ReaderCustomization;
  sections: ReaderSection[];
  variants: ReaderVariant[];
  tree: readonly ReaderTreePage[];
  /** The address of a page of the tree by id (sidebar links). */
  treeHref(page: ReaderTreePage): string;
  page: ReaderPage;
  breadcrumbs: ReaderBreadcrumb[];
  previous?: ReaderNeighbour;
  next?: ReaderNeighbour;
  links: ReaderLinks;
  /** Whether an `if` block's expression holds for the visitor (false when it does not compile). */
  condition(expression: string): boolean;
  code: HighlightedCode;
  /** Where the search form sends its query (the site's search page). */
  searchAction: string;
  /** Where the search box's script asks for suggestions as the reader types (JSON); absent: none. */
  suggestionsHref?: string;
  /** Where the Ask box's script streams an answer (server-sent events); absent: the form only. */
  askStreamHref?: string;
  /** Copy page, view as markdown, feedback and the page's view (absent: none of them). */
  tools?: ReaderPageTools;
  /** The reader's stylesheet and script, served by the server (cacheable, hashed). */
  assets: { css: string; script: string };
  headTags: readonly HeadTag[];
}

/**
 * What the pages that open no page of the tree (search, answer, not found) may take beside the
 * frame: the tree already rendered (`renderClosedTree`), which the server keeps.
 */
export interface ClosedTreeProps {
  treeHtml?: string;
}

/** A page found by the site's search, with its matching sections. */
export interface ReaderSearchResult {
  title: string;
  href: string;
  sections: Array<{ title: string; href: string; excerpt: string }>;
}

/** The site's search page: the query, what it found (already limited to what the visitor may read). */
export interface ReaderSearchProps
  extends Omit<
      ReaderPageProps,
      'page' | 'breadcrumbs' | 'previous' | 'next' | 'links' | 'condition' | 'code'
    >,
    ClosedTreeProps {
  query: string;
  results: ReaderSearchResult[];
  /**
   * The search was refused for now (the site built as many indexes of new visitor claims as it may
   * this minute): said, with the seconds to wait, instead of results.
   */
  busy?: { retryAfterSeconds: number };
}

/** A question answered from the site (`?ask=`): the answer's paragraphs and the pages it cites, in order. */
export interface ReaderAskProps
  extends Omit<
      ReaderPageProps,
      'page' | 'breadcrumbs' | 'previous' | 'next' | 'links' | 'condition' | 'code'
    >,
    ClosedTreeProps {
  question: string;
  /** The answer's text (markdown, shown as text), or what went wrong. */
  answer: { text: string } | { failure: string };
  /** The cited pages: source k is what `[k]` in the answer names. */
  sources: Array<{ title: string; href: string }>;
  /** The site's recommended questions other than this one, each with the address that asks it. */
  suggestions?: Array<{ question: string; href: string }>;
}

/** The site's own not-found page: its chrome, a message and the search box. */
export interface ReaderNotFoundProps
  extends Omit<
      ReaderPageProps,
      'page' | 'breadcrumbs' | 'previous' | 'next' | 'links' | 'condition' | 'code'
    >,
    ClosedTreeProps {
  /** The path asked for, shown back (escaped). */
  path: string;
}
