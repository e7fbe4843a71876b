/**
 * A translation beside its source: the source space's pages to pick from (`?page=`, the
 * first by default), and the picked page in the source and in the result space, side by
 * side, each rendered as the page view renders it. The result keeps the source's page ids,
 * so the same id is read in both; a page the result does not have yet (added to the source
 * since the last run, or no run made the result yet) says so.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { apiErrorOf } from '../api/api-error';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { Markdown } from '../content/markdown';
import { Empty, ErrorNotice, Loading, QueryState } from '../ui/states';
import { flatPages, type ListedPage } from './source-pages';
import { languageName } from './translation-languages';
import { statusLabel } from './translation-states';
import type { Translation } from './translation-types';

type Page = RouterOutputs['spaces']['content']['page']['get'];

export function TranslationCompare({
  organizationId,
  spaceId,
  translationId,
  pageId,
}: {
  organizationId: string;
  spaceId: string;
  translationId: string;
  pageId?: string;
}) {
  const trpc = useTRPC();
  const translation = useQuery(trpc.translations.get.queryOptions({ organizationId, translationId }));
  const pages = useQuery(trpc.spaces.content.pages.list.queryOptions({ spaceId }));
  return (
    <main id="main" className="page-main compare-main">
      <QueryState query={translation} loading="Loading the translation…">
        {(data) => (
          <>
            <p className="back-link-row">
              <Link to="/o/$organizationId/s/$spaceId/~/translations" params={{ organizationId, spaceId }}>
                ← Translations
              </Link>
            </p>
            <h1>
              {languageName(data.language)} translation{' '}
              <span className={`badge badge-translation-${data.status}`}>{statusLabel(data)}</span>
            </h1>
            <QueryState
              query={pages}
              loading="Loading the pages…"
              isEmpty={(tree) => tree.pages.length === 0}
              empty={<Empty title="The source space has no pages yet" />}
            >
              {(tree) => {
                const listed = flatPages(tree.pages);
                const current = listed.find((page) => page.id === pageId) ?? listed[0]!;
                return (
                  <div className="compare">
                    <PagePicker
                      organizationId={organizationId}
                      spaceId={spaceId}
                      translationId={translationId}
                      pages={listed}
                      currentId={current.id}
                    />
                    <SideBySide spaceId={spaceId} translation={data} pageId={current.id} />
                  </div>
                );
              }}
            </QueryState>
          </>
        )}
      </QueryState>
    </main>
  );
}

function PagePicker({
  organizationId,
  spaceId,
  translationId,
  pages,
  currentId,
}: {
  organizationId: string;
  spaceId: string;
  translationId: string;
  pages: ListedPage[];
  currentId: string;
}) {
  return (
    <nav className="compare-pages" aria-label="Pages of the source">
      <ul>
        {pages.map((page) => (
          <li key={page.id}>
            <Link
              to="/o/$organizationId/s/$spaceId/~/translations/$translationId"
              params={{ organizationId, spaceId, translationId }}
              search={{ page: page.id }}
              className="compare-page-link"
              style={{ paddingInlineStart: `${10 + page.depth * 14}px` }}
              {...(page.id === currentId ? { 'aria-current': 'page' as const } : {})}
            >
              {page.title || 'Untitled'}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SideBySide({
  spaceId,
  translation,
  pageId,
}: {
  spaceId: string;
  translation: Translation;
  pageId: string;
}) {
  const trpc = useTRPC();
  const source = useQuery(trpc.spaces.content.page.get.queryOptions({ spaceId, pageId, format: 'markdown' }));
  const resultSpace = translation.result?.space;
  const translated = useQuery({
    ...trpc.spaces.content.page.get.queryOptions({ spaceId: resultSpace ?? '', pageId, format: 'markdown' }),
    enabled: resultSpace !== undefined,
  });
  const notYet = resultSpace === undefined || apiErrorOf(translated.error).status === 404;
  return (
    <div className="compare-columns">
      <section
        className="compare-column"
        aria-label={`Source (${languageName(translation.source.language)})`}
      >
        <p className="compare-column-label">Source · {languageName(translation.source.language)}</p>
        <QueryState query={source} loading="Loading the page…">
          {(page) => <PageBody page={page} />}
        </QueryState>
      </section>
      <section className="compare-column" aria-label={`Translation (${languageName(translation.language)})`}>
        <p className="compare-column-label">Translation · {languageName(translation.language)}</p>
        {notYet ? (
          <Empty title="Not translated yet — run the translation">
            <p className="muted">The translated space does not have this page yet: the next run adds it.</p>
          </Empty>
        ) : translated.error ? (
          <ErrorNotice error={translated.error} retry={() => void translated.refetch()} />
        ) : translated.data === undefined ? (
          <Loading label="Loading the translated page…" />
        ) : (
          <PageBody page={translated.data} />
        )}
      </section>
    </div>
  );
}

/** A page as the page view reads it: its title, its description, its text. */
function PageBody({ page }: { page: Page }) {
  return (
    <article className="page-article" aria-label={page.title || 'Untitled'}>
      <header className="page-header">
        <h2 className="compare-page-title">
          {page.emoji && (
            <span className="page-emoji" aria-hidden="true">
              {page.emoji}
            </span>
          )}
          {page.title || 'Untitled'}
        </h2>
        {page.description && <p className="page-description">{page.description}</p>}
      </header>
      {page.markdown?.trim() ? (
        <Markdown text={page.markdown} page />
      ) : (
        <p className="muted">This page is empty.</p>
      )}
    </article>
  );
}
