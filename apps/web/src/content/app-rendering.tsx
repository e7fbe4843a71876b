/**
 * How the web app renders a page's document (`DocumentView`): page references lead to the
 * page's address in the app (`/o/<org>/s/<space>/<path>`) with its title and emoji, file
 * references to the file's download URL with its name, type and size, OpenAPI operation
 * blocks as the rendered operation, reusable content read through the API and rendered in
 * place, `if` blocks with their marker. `AppRenderingProvider`
 * reads the space's pages and files (the queries the sidebar already made); without it (a
 * component test, a comment), references keep their markdown URLs.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTRPC } from '../api/trpc';
import { EmbeddedOperationElement } from '../openapi/embedded-operation-element';
import { type DocBlock, type DocDocument, type DocRef, refOf } from './blocks/document-shape';
import { DocumentView } from './blocks/document-view';
import {
  type DocumentRendering,
  markdownUrlOf,
  type ReferencedFile,
  type ReferencedPage,
} from './blocks/render-context';
import { evaluateExpression, variablesOf } from './expression-values';
import { sameOriginFileUrl } from './same-origin-file-url';

/** An OpenAPI operation block, read from the organization of the page's address. */
function OpenApiOperation({ spec, path, method }: { spec: string; path: string; method: string }) {
  return <EmbeddedOperationElement data-spec={spec} data-path={path} data-method={method} />;
}

const BASE: Partial<DocumentRendering> = { OpenApiOperation, ReusableContent };

/**
 * The content a document shown is read from: its reusable contents are read from the same.
 * A space's current content, a change request's, or one revision's (a page of the history as
 * it was then: its includes as they were then too, not as they are now).
 */
export interface ContentSource {
  spaceId: string;
  changeRequestId?: string | undefined;
  revisionId?: string | undefined;
}

const ContentSourceContext = createContext<ContentSource>({ spaceId: '' });

/** The documents inside are read from `source` (a revision of the history, say). */
export function ContentSourceProvider({ source, children }: { source: ContentSource; children: ReactNode }) {
  return <ContentSourceContext.Provider value={source}>{children}</ContentSourceContext.Provider>;
}

/**
 * A reusable content's document, read through the API (GitBook's
 * `getReusableContentDocument...`), of the space the block names or the page's own, at the
 * revision or change request being read when there is one. Loading and failures say so in place.
 */
interface ReusableContentProps {
  block: DocBlock;
  render: (document: DocDocument) => ReactNode;
}

function ReusableContent(props: ReusableContentProps) {
  const source = useContext(ContentSourceContext);
  // Outside a provider (the page's read view today), the space and change request of the address.
  if (source.spaceId === '') return <ReusableContentOfAddress {...props} />;
  return <ReusableContentIn source={source} {...props} />;
}

function ReusableContentOfAddress(props: ReusableContentProps) {
  const { spaceId, number } = useParams({ strict: false }) as { spaceId?: string; number?: string };
  return <ReusableContentIn source={{ spaceId: spaceId ?? '', changeRequestId: number }} {...props} />;
}

function ReusableContentIn({
  block,
  render: show,
  source,
}: ReusableContentProps & { source: ContentSource }) {
  const trpc = useTRPC();
  const ref = refOf(block.data?.ref);
  const id = ref?.kind === 'reusable-content' ? ref.reusableContent : '';
  const space = ref?.kind === 'reusable-content' && ref.space ? ref.space : source.spaceId;
  const sameSpace = space === source.spaceId;
  const readable = id !== '' && space !== '';
  const document = useQuery({
    ...trpc.spaces.content.reusableContents.document.queryOptions({
      spaceId: space,
      reusableContentId: id,
      ...(!sameSpace
        ? {}
        : source.revisionId !== undefined
          ? { revisionId: source.revisionId }
          : source.changeRequestId !== undefined
            ? { changeRequestId: source.changeRequestId }
            : {}),
    }),
    enabled: readable,
  });
  if (readable && document.isPending) return <p className="muted">Loading the reusable content…</p>;
  if (!readable || document.isError || document.data?.object !== 'document')
    return <p className="muted">This reusable content cannot be shown (deleted, or not readable here).</p>;
  return show(document.data as unknown as DocDocument);
}

const AppRenderingContext = createContext<Partial<DocumentRendering>>(BASE);

/** A document as the app shows it: `DocumentView` with the place's rendering. */
export function AppDocument({ document, className }: { document: DocDocument; className?: string }) {
  return <DocumentView document={document} rendering={useAppRendering()} className={className} />;
}

/** The rendering of the place a document is shown in (the app's read view and diff read it). */
export function useAppRendering(): Partial<DocumentRendering> {
  return useContext(AppRenderingContext);
}

interface PageNode {
  id: string;
  title: string;
  path: string;
  emoji?: string | undefined;
  description?: string | undefined;
  pages?: readonly PageNode[];
}

function pagesById(pages: readonly PageNode[]): Map<string, PageNode> {
  const byId = new Map<string, PageNode>();
  const stack = [...pages];
  while (stack.length > 0) {
    const page = stack.pop()!;
    byId.set(page.id, page);
    stack.push(...(page.pages ?? []));
  }
  return byId;
}

/** The app's rendering for a space's pages: inside the signed-in routes, with tRPC. */
export function AppRenderingProvider({
  organizationId,
  spaceId,
  changeRequestId,
  pageVariables,
  children,
}: {
  organizationId: string;
  spaceId: string;
  changeRequestId?: string | undefined;
  /** The variables of the page shown (`{{ page.vars.x }}`), as the page read gives them. */
  pageVariables?: unknown;
  children: ReactNode;
}) {
  const trpc = useTRPC();
  const source = changeRequestId === undefined ? {} : { changeRequestId };
  const pages = useQuery(trpc.spaces.content.pages.list.queryOptions({ spaceId, ...source }));
  const files = useQuery(trpc.spaces.content.files.list.queryOptions({ spaceId, ...source, limit: 1000 }));
  // The space's variables are the revision's (`{{ space.vars.x }}`).
  const content = useQuery(trpc.spaces.content.get.queryOptions({ spaceId, ...source }));
  const spaceVariables = content.data?.variables;
  const scope = useMemo(
    () => ({ space: variablesOf(spaceVariables), page: variablesOf(pageVariables) }),
    [spaceVariables, pageVariables],
  );
  const rendering = useMemo((): Partial<DocumentRendering> => {
    const byId = pagesById((pages.data?.pages ?? []) as readonly PageNode[]);
    const fileById = new Map((files.data?.items ?? []).map((file) => [file.id, file]));
    const base = `/o/${encodeURIComponent(organizationId)}/s/${encodeURIComponent(spaceId)}`;
    const pageOf = (ref: DocRef): ReferencedPage | undefined => {
      if ((ref.kind !== 'page' && ref.kind !== 'anchor') || ref.page === undefined || ref.space)
        return undefined;
      const page = byId.get(ref.page);
      if (!page) return undefined;
      const anchor = ref.kind === 'anchor' ? `#${encodeURIComponent(ref.anchor)}` : '';
      return {
        title: page.title || 'Untitled',
        href: `${base}/${page.path.split('/').map(encodeURIComponent).join('/')}${anchor}`,
        ...(page.emoji ? { emoji: page.emoji } : {}),
        ...(page.description ? { description: page.description } : {}),
      };
    };
    const fileOf = (ref: DocRef): ReferencedFile | undefined => {
      if (ref.kind !== 'file' || ref.space) return undefined;
      const file = fileById.get(ref.file);
      return file
        ? {
            name: file.name,
            url: sameOriginFileUrl(file.downloadURL),
            size: file.size,
            contentType: file.contentType,
          }
        : undefined;
    };
    return {
      ...BASE,
      ReusableContent,
      pageOf,
      fileOf,
      hrefOf: (ref) => pageOf(ref)?.href ?? fileOf(ref)?.url ?? markdownUrlOf(ref),
      expressionValue: (expression) => {
        const outcome = evaluateExpression(expression, scope);
        return outcome.known ? outcome.text : undefined;
      },
    };
  }, [organizationId, spaceId, pages.data, files.data, scope]);
  const contentSource = useMemo(() => ({ spaceId, changeRequestId }), [spaceId, changeRequestId]);
  return (
    <ContentSourceContext.Provider value={contentSource}>
      <AppRenderingContext.Provider value={rendering}>{children}</AppRenderingContext.Provider>
    </ContentSourceContext.Provider>
  );
}

/** `AppRenderingProvider` for the space of the address, when the address names one. */
export function SpaceRendering({ children }: { children: ReactNode }) {
  const { organizationId, spaceId } = useParams({ strict: false }) as {
    organizationId?: string;
    spaceId?: string;
  };
  if (organizationId === undefined || spaceId === undefined) return <>{children}</>;
  return (
    <AppRenderingProvider organizationId={organizationId} spaceId={spaceId}>
      {children}
    </AppRenderingProvider>
  );
}
