/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * A page of a published site as one HTML document, rendered by React's server renderer
 * (`renderToString`: the page is whole before a byte is sent, so a failure is a clean error
 * page, never half a page). Readable with no script: the page's script only adds the theme
 * switch, copy buttons, the search box's suggestions, copy page and feedback.
 */
import { renderToString } from 'react-dom/server';
import { Blocks, renderBlocks } from './document/blocks';
import type { DocumentContext } from './document/document-context';
import { pageMathBudget } from './math-budget';
import { outlineOf } from './outline';
import { PageCover } from './page-cover';
import { PageLayout } from './page-layout';
import { PageMark } from './page-mark';
import { PageActions, PageFeedback } from './page-tools';
import type { ReaderNotFoundProps, ReaderPageProps, ReaderSearchProps } from './reader-model';
import { markedExcerpt } from './search-excerpt';

const DOCTYPE = '<!doctype html>';

function formatUpdated(date: string | undefined): string | undefined {
  if (!date) return undefined;
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return undefined;
  return new Intl.DateTimeFormat('en', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(parsed);
}

export function ReaderPageView(props: ReaderPageProps) {
  const { page, customization } = props;
  const outline = outlineOf(page.document, props.condition);
  const context: DocumentContext = {
    links: props.links,
    condition: props.condition,
    code: props.code,
    // One budget for the page's formulas (typeset as React renders them, in the page's order).
    math: pageMathBudget(),
    anchors: outline.anchors,
    externalInNewTab: customization.externalLinks?.target === 'blank',
    blocks: renderBlocks,
    depth: 0,
    ...(page.mentionNames === undefined ? {} : { mentionNames: page.mentionNames }),
  };
  const updated = formatUpdated(page.updatedAt);
  const pagination = customization.pagination?.enabled !== false && (props.previous || props.next);
  return (
    <PageLayout
      lang={props.lang}
      title={page.title}
      description={page.description}
      siteTitle={props.siteTitle}
      homeHref={props.homeHref}
      customization={customization}
      sections={props.sections}
      variants={props.variants}
      tree={props.tree}
      treeHref={props.treeHref}
      currentPageId={page.id}
      searchAction={props.searchAction}
      {...(props.suggestionsHref === undefined ? {} : { suggestionsHref: props.suggestionsHref })}
      {...(props.askStreamHref === undefined ? {} : { askStreamHref: props.askStreamHref })}
      {...(props.tools?.eventsHref === undefined
        ? {}
        : { events: { href: props.tools.eventsHref, pageId: page.id } })}
      assets={props.assets}
      headTags={props.headTags}
      aside={
        outline.entries.length > 0 ? (
          <nav aria-label="On this page">
            <p className="outline-title">On this page</p>
            <ul>
              {outline.entries.map((entry) => (
                <li key={entry.id} className={`level-${entry.level}`}>
                  <a href={`#${entry.id}`}>{entry.title}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : undefined
      }
    >
      {props.breadcrumbs.length > 0 ? (
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <ol>
            {props.breadcrumbs.map((crumb, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: ancestors are known by their place
              <li key={index}>
                {crumb.href ? <a href={crumb.href}>{crumb.title}</a> : <span>{crumb.title}</span>}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <article className="page">
        {page.cover ? <PageCover cover={page.cover} /> : null}
        <header className="page-header">
          <h1>
            <PageMark page={page} />
            {page.title}
          </h1>
          {page.description ? <p className="page-description">{page.description}</p> : null}
          <PageActions tools={props.tools} customization={customization} />
        </header>
        <div className="document">
          <Blocks nodes={page.document?.nodes} context={context} />
        </div>
      </article>
      <PageFeedback tools={props.tools} customization={customization} />
      {updated ? (
        <p className="last-updated">
          Last updated <time dateTime={page.updatedAt}>{updated}</time>
        </p>
      ) : null}
      {pagination ? (
        <nav className="pagination" aria-label="Previous and next pages">
          {props.previous ? (
            <a className="previous" href={props.previous.href} rel="prev">
              <span className="pagination-label">Previous</span>
              <span className="pagination-title">{props.previous.title}</span>
            </a>
          ) : (
            <span />
          )}
          {props.next ? (
            <a className="next" href={props.next.href} rel="next">
              <span className="pagination-label">Next</span>
              <span className="pagination-title">{props.next.title}</span>
            </a>
          ) : null}
        </nav>
      ) : null}
    </PageLayout>
  );
}

/** A page of a site as a whole HTML document. */
export function renderReaderPage(props: ReaderPageProps): string {
  return DOCTYPE + renderToString(<ReaderPageView {...props} />);
}

/** The site's search page: the results of the query, each page with its matching sections. */
export function renderSearchPage(props: ReaderSearchProps): string {
  return (
    DOCTYPE +
    renderToString(
      <PageLayout {...props} title={`Search: ${props.query}`} searchQuery={props.query}>
        <article className="page">
          <header className="page-header">
            <h1>Search results</h1>
            {props.busy ? (
              <p className="page-description" role="alert">
                The search is busy just now: try <q>{props.query}</q> again in {props.busy.retryAfterSeconds}{' '}
                seconds.
              </p>
            ) : (
              <p className="page-description">
                {props.results.length === 0 ? 'Nothing matches ' : `${props.results.length} pages match `}
                <q>{props.query}</q>
              </p>
            )}
          </header>
          <ol className="search-results">
            {props.results.map((result) => (
              <li key={result.href}>
                <a href={result.href}>{result.title}</a>
                {result.sections.map((section) => (
                  <p key={section.href}>
                    <a href={section.href}>{section.title}</a>: {markedExcerpt(section.excerpt, props.query)}
                  </p>
                ))}
              </li>
            ))}
          </ol>
        </article>
      </PageLayout>,
    )
  );
}

/**
 * The site's own not-found page: its header, sidebar and footer, a message, the search box; with
 * `tools.eventsHref`, its script counts the visit as a page view of the path (no page).
 */
export function renderNotFoundPage(props: ReaderNotFoundProps): string {
  return (
    DOCTYPE +
    renderToString(
      <PageLayout
        {...props}
        title="Page not found"
        {...(props.tools?.eventsHref === undefined ? {} : { events: { href: props.tools.eventsHref } })}
      >
        <article className="page not-found">
          <header className="page-header">
            <h1>Page not found</h1>
            <p className="page-description">
              There is no page at <code>{props.path.slice(0, 300)}</code>. It may have moved: search the site.
            </p>
          </header>
          {/* biome-ignore lint/a11y/useSemanticElements: a search landmark every browser knows */}
          <form className="search search-large" role="search" action={props.searchAction} method="get">
            <input type="search" name="q" aria-label="Search the site" placeholder="Search" maxLength={200} />
            <button type="submit" className="button primary">
              Search
            </button>
          </form>
          <p>
            <a href={props.homeHref}>Go to the first page</a>
          </p>
        </article>
      </PageLayout>,
    )
  );
}
