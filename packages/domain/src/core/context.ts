import type { Clock } from './ports/clock';
import type { ContentImports } from './ports/content-imports';
import type { ContentSearch } from './ports/content-search';
import type { ContentTemplates } from './ports/content-templates';
import type { EventPublisher } from './ports/events';
import type { GitRepositories } from './ports/git-repositories';
import type { IdSource } from './ports/ids';
import type { IncomingFiles } from './ports/incoming-files';
import type { JobFiles } from './ports/job-files';
import type { OpenApiProcessor } from './ports/openapi-processor';
import type { Passwords } from './ports/passwords';
import type { PdfLinks } from './ports/pdf-links';
import type { Secrets } from './ports/secrets';
import type { TranslationProvider } from './ports/translation-provider';
import type { UntrustedMarkdown } from './ports/untrusted-markdown';

/** The authenticated caller of an operation. */
export interface Caller {
  userId: string;
  /**
   * The credential the request came with: an API token's id, or the id of the web app's
   * session (then `sessionId` says so too). Its rate-limit budget is charged per operation.
   */
  tokenId: string;
  /** Set when the caller signed in to the web app: the session the request came with. */
  sessionId?: string;
  /** Instance administrators manage users and tokens; they see no organization they are not in. */
  isInstanceAdmin: boolean;
}

/** Base URLs that absolute `urls` are built from. */
export interface PublicUrls {
  /** Base of the API (`urls.location`), e.g. https://docs.example.com. No trailing slash. */
  api: string;
  /** Base of the app (`urls.app`). No trailing slash. */
  app: string;
}

/**
 * The repositories of every area, handed to operations through their context. Empty here:
 * each area adds its own group (`declare module` in its `repositories.ts`), so core names no
 * area and a new area adds its repositories without touching a shared list.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the areas through declaration merging
export interface Repositories {}

export interface OperationContext {
  caller: Caller | null;
  /**
   * The visitor token a browser carries for published sites (GitBook's
   * `gitbook-visitor-token` cookie), unverified: the published view verifies it against the
   * site it asks for. Absent when the request had none.
   */
  visitorToken?: string;
  repos: Repositories;
  clock: Clock;
  ids: IdSource;
  secrets: Secrets;
  /** Hashing and checking passwords (slow on purpose). */
  passwords: Passwords;
  urls: PublicUrls;
  /** Files brought in by content edits (inline or from a URL), stored by content hash. */
  incomingFiles: IncomingFiles;
  /** Content read from outside (imports of websites, HTML, markdown, zips, docx). */
  contentImports: ContentImports;
  /** Bytes a job takes as input, kept under the job's own key until it ends (`ports/job-files.ts`). */
  jobFiles: JobFiles;
  /** The built-in content templates. */
  contentTemplates: ContentTemplates;
  /** Signed, expiring links to PDFs of content. */
  pdfLinks: PdfLinks;
  /** Where operations report what they did (`ports/events.ts`). */
  events: EventPublisher;
  /** Full-text indexes of revisions, built once each and kept while recent (`ports/content-search.ts`). */
  contentSearch: ContentSearch;
  /** Fetching, parsing and validating OpenAPI descriptions (`ports/openapi-processor.ts`). */
  openApiProcessor: OpenApiProcessor;
  /** Reading and writing the Git repositories spaces synchronize with (`ports/git-repositories.ts`). */
  gitRepositories: GitRepositories;
  /** Machine translation of text blocks (`ports/translation-provider.ts`), as the server is configured. */
  translationProvider: TranslationProvider;
  /** Markdown from outside read into its stored form off the request thread (`ports/untrusted-markdown.ts`). */
  untrustedMarkdown: UntrustedMarkdown;
}

/** The caller of an operation whose access is 'user' or stricter (checked before `run`). */
export function callerOf(ctx: OperationContext): Caller {
  if (!ctx.caller) throw new Error('callerOf: operation ran without an authenticated caller');
  return ctx.caller;
}

/** Everything an operation context holds but the caller: what domain functions outside operations use. */
export type DomainServices = Omit<OperationContext, 'caller'>;
