/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * The frame of every page of a site: `<head>` (title, description, icon, the stylesheet, the
 * site's theme, the server's extra tags), the header (logo or title, sections as the top
 * navigation, header links, search box, theme switch), the sidebar (the variant switcher and
 * the page tree), the main column the caller fills, and the footer (groups of links, social
 * accounts, copyright). On a phone the sidebar opens from a menu button (a checkbox and CSS).
 */
import type { ReactNode } from 'react';
import type { HeadTag } from './head-tags';
import { PageTree } from './page-tree';
import type {
  ReaderCustomization,
  ReaderLink,
  ReaderSection,
  ReaderTreePage,
  ReaderVariant,
} from './reader-model';
import { safeHref, safeImageSrc } from './safe-url';
import { themeStyleOf } from './theme-style';

export interface LayoutProps {
  lang: string;
  title: string;
  description?: string;
  siteTitle: string;
  homeHref: string;
  customization: ReaderCustomization;
  sections: ReaderSection[];
  variants: ReaderVariant[];
  tree: readonly ReaderTreePage[];
  treeHref(page: ReaderTreePage): string;
  /**
   * The tree already rendered with no page open (`renderClosedTree`), shown as it is instead of
   * rendering `tree`: the not-found, search and answer pages, whose tree the server keeps.
   */
  treeHtml?: string;
  /** The page shown (its branch of the tree opens). */
  currentPageId?: string;
  /** Where the search form sends its query; `''`: no search box (a preview). */
  searchAction: string;
  searchQuery?: string;
  /** The question of an answer page, shown again in the Ask box. */
  askQuestion?: string;
  /** Where the search box's script asks for suggestions (JSON); absent: a plain search form. */
  suggestionsHref?: string;
  /** Where the Ask box's script streams an answer into the page; absent: the form sends to the answer page. */
  askStreamHref?: string;
  /**
   * Where the page's script sends the page's events, and the page's id (none on the not-found
   * page: its view is sent with the path asked for); absent: nothing is sent.
   */
  events?: { href: string; pageId?: string };
  assets: { css: string; script: string };
  headTags: readonly HeadTag[];
  children: ReactNode;
  /** The page's outline, beside the main column on wide screens. */
  aside?: ReactNode;
}

const SOCIAL_URL: Record<string, (handle: string) => string> = {
  twitter: (handle) => `https://x.com/${handle}`,
  instagram: (handle) => `https://www.instagram.com/${handle}`,
  facebook: (handle) => `https://www.facebook.com/${handle}`,
  linkedin: (handle) => `https://www.linkedin.com/in/${handle}`,
  github: (handle) => `https://github.com/${handle}`,
  discord: (handle) => `https://discord.gg/${handle}`,
  slack: (handle) => `https://${handle}.slack.com`,
  youtube: (handle) => `https://www.youtube.com/@${handle.replace(/^@/, '')}`,
  tiktok: (handle) => `https://www.tiktok.com/@${handle.replace(/^@/, '')}`,
  reddit: (handle) => `https://www.reddit.com/r/${handle}`,
  bluesky: (handle) => `https://bsky.app/profile/${handle}`,
  mastodon: (handle) => {
    const [user, server] = handle.replace(/^@/, '').split('@');
    return server ? `https://${server}/@${user}` : `https://mastodon.social/@${user}`;
  },
  threads: (handle) => `https://www.threads.net/@${handle.replace(/^@/, '')}`,
  medium: (handle) => `https://medium.com/@${handle.replace(/^@/, '')}`,
};

/** A social account as a list item linking to its profile (header and footer alike). */
function SocialLink({ account }: { account: { platform: string; handle: string } }) {
  return (
    <li>
      <a
        href={SOCIAL_URL[account.platform]?.(encodeURIComponent(account.handle).replace(/%40/g, '@'))}
        rel="me noopener"
      >
        {account.platform}
      </a>
    </li>
  );
}

function Head({ props }: { props: LayoutProps }) {
  const { customization } = props;
  const icon = safeImageSrc(customization.favicon?.icon?.light);
  const iconDark = safeImageSrc(customization.favicon?.icon?.dark);
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>
        {props.title === props.siteTitle ? props.siteTitle : `${props.title} | ${props.siteTitle}`}
      </title>
      {props.description ? <meta name="description" content={props.description} /> : null}
      <meta name="color-scheme" content="light dark" />
      {icon ? (
        <link rel="icon" href={icon} media={iconDark ? '(prefers-color-scheme: light)' : undefined} />
      ) : null}
      {iconDark ? <link rel="icon" href={iconDark} media="(prefers-color-scheme: dark)" /> : null}
      <link rel="stylesheet" href={props.assets.css} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: values checked against strict forms in theme-style.ts, nothing in it can close the element (React would escape the CSS's quotes) */}
      <style dangerouslySetInnerHTML={{ __html: themeStyleOf(customization) }} />
      <script src={props.assets.script} />
      {props.headTags.map((tag, index) =>
        tag.tag === 'meta' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: tags are known by their place
          <meta key={index} name={tag.name} property={tag.property} content={tag.content} />
        ) : (
          <link
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            key={index}
            rel={tag.rel}
            href={tag.href}
            type={tag.type}
            hrefLang={tag.hreflang}
            title={tag.title}
          />
        ),
      )}
    </head>
  );
}

function Logo({ props }: { props: LayoutProps }) {
  const logo = props.customization.header.logo;
  const light = safeImageSrc(logo?.light);
  const dark = safeImageSrc(logo?.dark);
  const title = props.customization.title ?? props.siteTitle;
  return (
    <a className="site-title" href={props.homeHref}>
      {light ? (
        <>
          <img className={dark ? 'logo light-only' : 'logo'} src={light} alt={title} height={32} />
          {dark ? <img className="logo dark-only" src={dark} alt={title} height={32} /> : null}
        </>
      ) : (
        <span>{title}</span>
      )}
    </a>
  );
}

function LinkOrText({ link, className }: { link: ReaderLink; className?: string }) {
  const href = safeHref(link.href);
  return href ? (
    <a className={className} href={href}>
      {link.title}
    </a>
  ) : (
    <span className={className}>{link.title}</span>
  );
}

function Sections({ sections }: { sections: ReaderSection[] }) {
  if (sections.length < 2 && !sections.some((section) => section.sections)) return null;
  return (
    <nav className="sections" aria-label="Sections">
      <ul>
        {sections.map((section) =>
          section.sections ? (
            <li key={section.title} className="section-group">
              <details>
                <summary className={section.current ? 'current' : undefined}>{section.title}</summary>
                <ul>
                  {section.sections.map((child) => (
                    <li key={child.href}>
                      <a href={child.href} aria-current={child.current ? 'page' : undefined}>
                        {child.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ) : (
            <li key={section.href}>
              <a href={section.href} aria-current={section.current ? 'true' : undefined}>
                {section.title}
              </a>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function Variants({ variants }: { variants: ReaderVariant[] }) {
  if (variants.length < 2) return null;
  const current = variants.find((variant) => variant.current) ?? variants[0];
  return (
    <details className="variants">
      <summary>
        <span className="visually-hidden">Variant: </span>
        {current?.title}
      </summary>
      <ul>
        {variants.map((variant) => (
          <li key={variant.href}>
            <a href={variant.href} aria-current={variant.current ? 'true' : undefined}>
              {variant.title}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The header's search: a form to the site's search page (`?q=`, no script needed); the page's
 * script makes its input a combobox over a listbox of suggestions (`suggestionsHref`), with
 * the arrow keys, Enter, Escape, and `/` or Ctrl-K to get there.
 */
function SearchBox({ props }: { props: LayoutProps }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a search landmark every browser knows
    <form
      className="search"
      role="search"
      action={props.searchAction}
      method="get"
      data-suggestions={props.suggestionsHref}
    >
      <input
        type="search"
        name="q"
        placeholder="Search"
        aria-label="Search the site"
        defaultValue={props.searchQuery}
        maxLength={200}
        autoComplete={props.suggestionsHref ? 'off' : undefined}
      />
      {props.suggestionsHref ? (
        <>
          <div
            id="search-suggestions"
            className="search-suggestions"
            role="listbox"
            aria-label="Suggestions"
            hidden
          />
          <p className="visually-hidden" role="status" />
        </>
      ) : null}
    </form>
  );
}

/**
 * The header's Ask: a form to the site's answer page (`?ask=`, no script needed), shown when
 * the site enables AI. With script, the answer streams into the page instead (`data-ask-stream`).
 */
function AskBox({ props }: { props: LayoutProps }) {
  return (
    <form className="ask" action={props.searchAction} method="get" data-ask-stream={props.askStreamHref}>
      <input
        type="text"
        name="ask"
        placeholder="Ask a question"
        aria-label="Ask a question about the docs"
        defaultValue={props.askQuestion}
        maxLength={512}
        required
      />
      <button type="submit">Ask</button>
    </form>
  );
}

function ThemeSwitch({ customization }: { customization: ReaderCustomization }) {
  if (!customization.themes.toggeable) return null;
  // Shown by the page's script, which does the switching: nothing to press without it.
  return (
    <button
      type="button"
      className="theme-switch"
      data-theme-switch
      hidden
      aria-label="Switch theme: light, dark or system"
    >
      <span aria-hidden="true">◐</span>
    </button>
  );
}

function Footer({ props }: { props: LayoutProps }) {
  const { footer, socialAccounts, privacyPolicy, trademark } = props.customization;
  const socials = socialAccounts.filter((account) => account.display.footer && SOCIAL_URL[account.platform]);
  const privacy = safeHref(privacyPolicy?.url);
  return (
    <footer className="site-footer">
      {footer.groups.length > 0 ? (
        <div className="footer-groups">
          {footer.groups.map((group) => (
            <section key={group.title} aria-label={group.title}>
              <h2>{group.title}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={`${link.title}:${link.href}`}>
                    <LinkOrText link={link} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : null}
      <div className="footer-line">
        {socials.length > 0 ? (
          <ul className="socials" aria-label="Social accounts">
            {socials.map((account) => (
              <SocialLink key={account.platform} account={account} />
            ))}
          </ul>
        ) : null}
        {privacy ? <a href={privacy}>Privacy policy</a> : null}
        {footer.copyright ? <span className="copyright">{footer.copyright}</span> : null}
        {trademark?.enabled !== false ? <span className="powered">Published with Quire</span> : null}
      </div>
    </footer>
  );
}

export function PageLayout(props: LayoutProps) {
  const { customization } = props;
  const headerSocials = customization.socialAccounts.filter(
    (account) => account.display.header && SOCIAL_URL[account.platform],
  );
  const announcement = customization.announcement?.enabled ? customization.announcement : undefined;
  return (
    <html
      lang={props.lang}
      data-theme={customization.themes.default}
      data-default-theme={customization.themes.default}
    >
      <Head props={props} />
      <body data-events={props.events?.href} data-page={props.events?.pageId}>
        <a className="skip-link" href="#content">
          Skip to content
        </a>
        {announcement ? (
          <div
            className={`announcement hint-${['info', 'warning', 'danger', 'success'].includes(announcement.style) ? announcement.style : 'info'}`}
          >
            {announcement.link ? (
              <LinkOrText link={{ title: announcement.message, href: announcement.link.href }} />
            ) : (
              announcement.message
            )}
          </div>
        ) : null}
        <header className="site-header">
          <input type="checkbox" id="nav-toggle" className="nav-toggle" aria-label="Show the pages" />
          <label htmlFor="nav-toggle" className="nav-toggle-label" aria-hidden="true">
            ☰
          </label>
          <Logo props={props} />
          <Sections sections={props.sections} />
          <nav className="header-links" aria-label="Links">
            <ul>
              {customization.header.links.map((item) => (
                <li key={item.title}>
                  {item.links.length > 0 ? (
                    <details>
                      <summary>{item.title}</summary>
                      <ul>
                        {item.links.map((link) => (
                          <li key={`${link.title}:${link.href}`}>
                            <LinkOrText link={link} />
                          </li>
                        ))}
                      </ul>
                    </details>
                  ) : (
                    <LinkOrText
                      link={item}
                      className={item.style?.startsWith('button') ? 'button primary' : undefined}
                    />
                  )}
                </li>
              ))}
              {headerSocials.map((account) => (
                <SocialLink key={account.platform} account={account} />
              ))}
            </ul>
          </nav>
          {props.searchAction === '' ? null : <SearchBox props={props} />}
          {props.searchAction === '' || (customization.ai?.mode ?? 'none') === 'none' ? null : (
            <AskBox props={props} />
          )}
          <ThemeSwitch customization={customization} />
        </header>
        <div className="layout">
          <nav className="sidebar" aria-label="Pages">
            <Variants variants={props.variants} />
            {props.treeHtml === undefined ? (
              <PageTree tree={props.tree} treeHref={props.treeHref} currentPageId={props.currentPageId} />
            ) : (
              // The tree as `renderClosedTree` made it (React's own escaped output, kept by the server).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: markup rendered by `PageTree`, never text from a request
              <div className="page-tree" dangerouslySetInnerHTML={{ __html: props.treeHtml }} />
            )}
          </nav>
          <main id="content" className="content">
            {props.children}
          </main>
          {props.aside ? <aside className="outline">{props.aside}</aside> : <div className="outline" />}
        </div>
        <Footer props={props} />
      </body>
    </html>
  );
}
