/**
 * A page as the app shows it to read: its cover, its title (with its emoji or icon), description and text, or
 * "This page is empty." The space's page and a change request's page are the same article,
 * read from a different source.
 */
import { AppRenderingProvider } from './app-rendering';
import { Markdown } from './markdown';
import { type Cover, PageCover } from './page-cover';
import { PageIcon } from './page-icon';

export interface ArticlePage {
  title?: string;
  emoji?: string;
  icon?: string;
  description?: string;
  cover?: Cover;
  markdown?: string;
  /** The page's variables (`page.vars.x`), when the read gives them. */
  variables?: unknown;
}

export function ReadablePage({
  page,
  organizationId,
  spaceId,
  changeRequestId,
  scrollTo,
}: {
  page: ArticlePage;
  organizationId: string;
  spaceId: string;
  changeRequestId?: string;
  /** The address's `#anchor`, scrolled to once the text is on screen. */
  scrollTo?: string;
}) {
  return (
    <article className="page-article" aria-labelledby="page-title">
      {page.cover && <PageCover cover={page.cover} spaceId={spaceId} changeRequestId={changeRequestId} />}
      <header className="page-header">
        <h1 id="page-title">
          <PageIcon emoji={page.emoji} icon={page.icon} />
          {page.title || 'Untitled'}
        </h1>
        {page.description && <p className="page-description">{page.description}</p>}
      </header>
      {page.markdown?.trim() ? (
        <AppRenderingProvider
          organizationId={organizationId}
          spaceId={spaceId}
          changeRequestId={changeRequestId}
          pageVariables={page.variables}
        >
          <Markdown text={page.markdown} anchors {...(scrollTo === undefined ? {} : { scrollTo })} />
        </AppRenderingProvider>
      ) : (
        <p className="muted">This page is empty.</p>
      )}
    </article>
  );
}
