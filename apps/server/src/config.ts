/**
 * Configuration, parsed once from the environment by one zod schema. A bad value stops
 * the process with a message naming the variable.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** An empty variable (`QUIRE_RATE_LIMIT=` in an env file) means "not set": the default applies. */
const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Fastify's `trustProxy`: unset/false, true (every hop), or the proxies' addresses/CIDRs. */
function trustProxyOf(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((part) => part.trim());
}

const ConfigSchema = z
  .object({
    /** TCP port of the HTTP server. */
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** Interface to listen on. */
    HOST: z.string().default('0.0.0.0'),
    /**
     * Directory of the embedded engine's data (journal, snapshots); a relative path is taken
     * from the directory the command was run in (`INIT_CWD` under pnpm, else the current one).
     */
    QUIRE_DATA_DIR: z.string().default('.quire'),
    /** pnpm's (and npm's) directory the command was run in; scripts themselves run in the package's. */
    INIT_CWD: optionalString,
    /** When set, MongoDB through the official driver is used instead of the embedded engine. */
    MONGODB_URI: optionalString.pipe(z.string().startsWith('mongodb').optional()),
    /** Database name on MongoDB: overrides the URI's path; without either, `quire`. */
    MONGODB_DB: optionalString,
    /** Base of `urls.location` and published URLs; defaults to http://localhost:PORT. */
    QUIRE_PUBLIC_URL: optionalString.pipe(z.url().optional()),
    /** Base of `urls.app`; defaults to the public URL. */
    QUIRE_APP_URL: optionalString.pipe(z.url().optional()),
    /**
     * The public origin of published sites (`<sites>/~sites/<organization>/<site>/`), where
     * readers reach them (a docs renderer, or Quire behind a proxy): `https://docs.example.com`.
     * Defaults to the app's URL. Its port is written only when it has one.
     */
    QUIRE_SITES_URL: optionalString.pipe(
      z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional(),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** On first start with an empty store: the administrator's API token. */
    QUIRE_BOOTSTRAP_TOKEN: optionalString.pipe(z.string().min(24).max(256).optional()),
    /** On first start with an empty store: the title of the first organization. */
    QUIRE_BOOTSTRAP_ORG: z.string().min(2).max(255).default('Quire'),
    /** Largest accepted request body, in bytes (room for a 1 MB inline file in base64). */
    QUIRE_BODY_LIMIT: z.coerce
      .number()
      .int()
      .min(1024)
      .default(2 * 1024 * 1024),
    /** Largest file brought in from a URL by a content edit, in bytes. */
    QUIRE_FILE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(100 * 1024 * 1024),
    /** Largest file sent inline (base64) in a content edit, in bytes. */
    QUIRE_FILE_INLINE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(1024 * 1024),
    /** Seconds between two runs of the purge of spaces deleted more than 7 days ago. */
    QUIRE_PURGE_INTERVAL_SECONDS: z.coerce.number().positive().max(86_400).default(3600),
    /**
     * Seconds between two runs of the blob collection (the bytes of files no record names any
     * more, past their grace); 0: never on a schedule (`quire blobs collect` still runs it).
     */
    QUIRE_BLOB_COLLECTION_INTERVAL_SECONDS: z.coerce.number().min(0).max(1_728_000).default(86_400),
    /** Hours a blob is kept after its last put, named or not (the collection's grace). */
    QUIRE_BLOB_GRACE_HOURS: z.coerce.number().min(1).default(24),
    /** Days a published site's insights (counters, feedback comments) are kept; older ones are purged on the purge's interval. */
    QUIRE_INSIGHTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
    /** Days the audit log keeps an event; older ones are purged on the purge's interval. */
    QUIRE_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
    /**
     * Whether a SAML response the identity provider sends unasked (IdP-initiated: no request
     * of ours to answer) signs a person in. Off by default: such a response cannot be tied
     * to a sign-in the browser started, which is what stops a stolen response being replayed
     * into another browser.
     */
    QUIRE_SAML_IDP_INITIATED: z.enum(['true', 'false']).default('false'),
    /** Whether the server runs the job worker itself (`false`: jobs wait for a `quire worker` process). */
    QUIRE_JOBS_IN_SERVER: z.enum(['true', 'false']).default('true'),
    /**
     * Whether the server starts its worker threads as it starts (markdown reading; with the job
     * worker in the server, the job threads, which load every job kind's code), so that the first
     * reading or job does not wait for them. About 2 s of CPU per thread at each start; `false`
     * starts each pool at its first task (short-lived processes, small machines).
     */
    QUIRE_THREADS_AT_START: z.enum(['true', 'false']).default('true'),
    /** Operations per window per API token, on all faces together; 0 turns the limit off. */
    QUIRE_RATE_LIMIT: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).default(1000)),
    /** Failed authentications per window per client address; 0 turns the limit off. */
    QUIRE_AUTH_FAILURE_LIMIT: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).default(20)),
    /** The window of both rate limits, in seconds. */
    QUIRE_RATE_LIMIT_WINDOW_SECONDS: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(1).max(86_400).default(60),
    ),
    /** Origins allowed to call the API from a browser (comma-separated; empty: none). */
    QUIRE_CORS_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter((origin) => origin !== ''),
      )
      .pipe(z.array(z.url().transform((origin) => origin.replace(/\/+$/, '')))),
    /** Trust X-Forwarded-For from a reverse proxy: true, or the proxies' addresses/CIDRs. */
    QUIRE_TRUST_PROXY: optionalString,
    /** When set, `/metrics` needs `Authorization: Bearer <this token>`; unset, it is open. */
    QUIRE_METRICS_TOKEN: optionalString.pipe(z.string().min(24).max(256).optional()),
    /** Most pages a website import reads. */
    QUIRE_IMPORT_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(200),
    /** Most bytes one import brings in (pages fetched and files stored, all together): 50 MB. */
    QUIRE_IMPORT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(50 * 1024 * 1024),
    /** How long a PDF link works, in seconds. */
    QUIRE_PDF_LINK_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(7 * 86_400)
      .default(3600),
    /** How long a PDF download waits for its render before answering 503 with Retry-After, in seconds. */
    QUIRE_PDF_WAIT_SECONDS: z.coerce.number().min(0).max(600).default(60),
    /** The folder of content templates (default: `templates` of the server package). */
    QUIRE_TEMPLATES_DIR: optionalString,
    /** Largest OpenAPI description (each file, and all of a spec's files together), in bytes. */
    QUIRE_OPENAPI_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 * 1024 * 1024)
      .default(10 * 1024 * 1024),
    /** Time allowed to fetch all of an OpenAPI description's files, in seconds. */
    QUIRE_OPENAPI_FETCH_SECONDS: z.coerce.number().positive().max(600).default(30),
    /** Time allowed for one webhook delivery attempt (connecting, the answer), in seconds. */
    QUIRE_WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(10),
    /** Hosts that outbound fetches (file URLs) may reach even on a private or loopback address (comma-separated). */
    QUIRE_FETCH_ALLOW_HOSTS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter((host) => host !== ''),
      ),
    /** Threads that run the heavy part of jobs (reading imports, drawing PDFs, processing OpenAPI). */
    QUIRE_JOB_THREADS: z.coerce.number().int().min(1).max(64).default(1),
    /** Heap of each job thread, in MB: a job that needs more fails, the server keeps running. */
    QUIRE_JOB_THREAD_MEMORY_MB: z.coerce.number().int().min(16).max(65_536).default(1024),
    /** How long the heavy part of one job may run in its thread, in seconds. */
    QUIRE_JOB_THREAD_SECONDS: z.coerce.number().positive().max(86_400).default(600),
    /** Threads that read markdown from outside (page bodies, comments, imports, translations). */
    QUIRE_MARKDOWN_THREADS: z.coerce.number().int().min(1).max(64).default(2),
    /** Heap of each markdown thread, in MB: a text that needs more is refused (400). */
    QUIRE_MARKDOWN_THREAD_MEMORY_MB: z.coerce.number().int().min(16).max(65_536).default(512),
    /**
     * Time reading markdown from outside may take, per KiB of the text (at least `QUIRE_MARKDOWN_MIN_MS`),
     * in ms: a text that takes longer is refused (400 naming its field). See
     * docs/architecture.md §8 for how the default was chosen.
     */
    QUIRE_MARKDOWN_MS_PER_KIB: z.coerce.number().positive().max(60_000).default(200),
    /** The least time a reading of markdown from outside gets, however short the text, in ms. */
    QUIRE_MARKDOWN_MIN_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /** Whether Git Sync may read and write local repositories (paths and `file://` URLs); off by default. */
    QUIRE_GIT_ALLOW_FILE: z.enum(['0', '1', 'false', 'true']).default('0'),
    /** Most bytes a Git import reads, all its files together (a blob named twice counts twice). */
    QUIRE_GIT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(256 * 1024 * 1024),
    /** Most files the project folder of a synchronized repository may hold. */
    QUIRE_GIT_MAX_FILES: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
    /** The translation provider: `libretranslate` or `openai` (unset: translation runs fail, saying how to set one). */
    QUIRE_TRANSLATE_PROVIDER: optionalString.pipe(
      z.enum(['libretranslate', 'openai'], { error: 'must be libretranslate or openai' }).optional(),
    ),
    /** The provider's base URL (OpenAI-compatible: without `/v1`), fetched through the outbound module. */
    QUIRE_TRANSLATE_URL: optionalString.pipe(
      z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional(),
    ),
    /** The provider's API key (LibreTranslate's `api_key`, OpenAI's bearer token). */
    QUIRE_TRANSLATE_API_KEY: optionalString,
    /** The chat model an OpenAI-compatible provider runs (required for `openai`). */
    QUIRE_TRANSLATE_MODEL: optionalString,
    /**
     * The revalidation endpoints of the docs renderers serving Quire's sites (GitBook's
     * `https://<renderer>/~gitbook/revalidate`), comma-separated: each is called with the
     * cache tags of what changed. Set by the operator, so an address on this machine or the
     * private network is allowed (unlike the URLs users give).
     */
    QUIRE_RENDERER_REVALIDATE_URLS: optionalString.pipe(
      z
        .string()
        .transform((value) =>
          value
            .split(',')
            .map((url) => url.trim())
            .filter((url) => url !== ''),
        )
        .pipe(z.array(z.url({ protocol: /^https?$/, error: 'each must be an http or https URL' })).max(8))
        .optional(),
    ),
    /** The secret the renderers share with Quire (GitBook's `GITBOOK_SECRET`): calls are signed with it. */
    QUIRE_RENDERER_SECRET: optionalString.pipe(z.string().min(16).max(256).optional()),
    /** How long one call to the translation provider may take, in seconds. */
    QUIRE_TRANSLATE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(120),
    /**
     * The OpenAI-compatible provider answering questions from the docs (`ask`): its base URL
     * (without `/v1`), fetched through the outbound module; unset: asking says none is configured.
     */
    QUIRE_AI_URL: optionalString.pipe(
      z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional(),
    ),
    /** The chat model answering questions (required with QUIRE_AI_URL). */
    QUIRE_AI_MODEL: optionalString.pipe(z.string().max(200).optional()),
    /** The AI provider's API key, sent as a bearer token (never shown, logged or stored). */
    QUIRE_AI_API_KEY: optionalString,
    /** How long one answer from the AI provider may take, in seconds. */
    QUIRE_AI_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(60),
    /** Answers this server asks the AI provider for at once, from everyone; past it 503; 0: no bound. */
    QUIRE_AI_MAX_ANSWERS_IN_FLIGHT: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).default(32)),
    /** Answers one asker (a person, or a visitor's address) may wait for at once; past it 429; 0: no bound. */
    QUIRE_AI_ANSWERS_IN_FLIGHT_PER_ASKER: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(0).default(4),
    ),
    /** Questions the AI provider is asked per minute for one asker (a person, or a visitor's address); 0: no bound. */
    QUIRE_AI_QUESTIONS_PER_ASKER: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).default(20)),
    /** Questions the AI provider is asked per minute for one organization, from everyone; 0: no bound. */
    QUIRE_AI_QUESTIONS_PER_ORGANIZATION: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(0).default(300),
    ),
    /**
     * The SMTP server mail goes through (`smtp://user:pass@host:587`, `smtps://host:465`);
     * unset: mail is only logged (that it was written, to whom: never its links) and the app
     * shows links to copy.
     */
    QUIRE_SMTP_URL: optionalString.pipe(
      z
        .url({
          protocol: /^smtps?$/,
          error: 'must be an smtp:// or smtps:// URL (smtp://user:password@host:587)',
        })
        .optional(),
    ),
    /** The sender of Quire's mail: `Quire <docs@example.com>` or `docs@example.com`. */
    QUIRE_MAIL_FROM: optionalString.pipe(
      z
        .string()
        .max(320)
        .regex(/^(?:[^<>\r\n]{0,200}<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/, {
          error: 'must be an address (docs@example.com) or a name and an address (Quire <docs@example.com>)',
        })
        .optional(),
    ),
  })
  .superRefine(checkTranslationProvider)
  .superRefine((env, context) => {
    if (env.QUIRE_AI_URL !== undefined && env.QUIRE_AI_MODEL === undefined)
      context.addIssue({ code: 'custom', path: ['QUIRE_AI_MODEL'], message: 'required with QUIRE_AI_URL' });
  })
  .superRefine((env, context) => {
    // An unsigned call would let anyone who can reach a renderer empty its caches at will.
    if (env.QUIRE_RENDERER_REVALIDATE_URLS?.length && env.QUIRE_RENDERER_SECRET === undefined)
      context.addIssue({
        code: 'custom',
        path: ['QUIRE_RENDERER_SECRET'],
        message: 'required with QUIRE_RENDERER_REVALIDATE_URLS (the secret the renderers verify calls with)',
      });
  })
  .superRefine((env, context) => {
    // Mail with no sender is refused by most servers, and a guessed one bounces.
    if (env.QUIRE_SMTP_URL !== undefined && env.QUIRE_MAIL_FROM === undefined)
      context.addIssue({
        code: 'custom',
        path: ['QUIRE_MAIL_FROM'],
        message: 'required with QUIRE_SMTP_URL (the sender of the mail: Quire <docs@example.com>)',
      });
  })
  .transform((env) => {
    const publicUrl = (env.QUIRE_PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    return {
      port: env.PORT,
      host: env.HOST,
      dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), env.QUIRE_DATA_DIR),
      mongodbUri: env.MONGODB_URI,
      mongodbDb: env.MONGODB_DB,
      publicUrl,
      appUrl: (env.QUIRE_APP_URL ?? publicUrl).replace(/\/+$/, ''),
      sitesUrl: env.QUIRE_SITES_URL === undefined ? undefined : sitesBaseOf(env.QUIRE_SITES_URL),
      logLevel: env.LOG_LEVEL,
      bootstrapToken: env.QUIRE_BOOTSTRAP_TOKEN,
      bootstrapOrg: env.QUIRE_BOOTSTRAP_ORG,
      bodyLimit: env.QUIRE_BODY_LIMIT,
      purgeIntervalMs: Math.round(env.QUIRE_PURGE_INTERVAL_SECONDS * 1000),
      blobCollectionIntervalMs: Math.round(env.QUIRE_BLOB_COLLECTION_INTERVAL_SECONDS * 1000),
      blobGraceMs: Math.round(env.QUIRE_BLOB_GRACE_HOURS * 3600 * 1000),
      insightsRetentionDays: env.QUIRE_INSIGHTS_RETENTION_DAYS,
      auditRetentionDays: env.QUIRE_AUDIT_RETENTION_DAYS,
      jobsInServer: env.QUIRE_JOBS_IN_SERVER === 'true',
      threadsAtStart: env.QUIRE_THREADS_AT_START === 'true',
      samlIdpInitiated: env.QUIRE_SAML_IDP_INITIATED === 'true',
      rateLimits: {
        operationsPerWindow: env.QUIRE_RATE_LIMIT,
        authFailuresPerWindow: env.QUIRE_AUTH_FAILURE_LIMIT,
        windowSeconds: env.QUIRE_RATE_LIMIT_WINDOW_SECONDS,
      },
      corsOrigins: env.QUIRE_CORS_ORIGINS,
      trustProxy: trustProxyOf(env.QUIRE_TRUST_PROXY),
      metricsToken: env.QUIRE_METRICS_TOKEN,
      fetchAllowHosts: env.QUIRE_FETCH_ALLOW_HOSTS,
      webhookTimeoutMs: Math.round(env.QUIRE_WEBHOOK_TIMEOUT_SECONDS * 1000),
      jobThreads: {
        threads: env.QUIRE_JOB_THREADS,
        memoryMb: env.QUIRE_JOB_THREAD_MEMORY_MB,
        deadlineMs: Math.round(env.QUIRE_JOB_THREAD_SECONDS * 1000),
      },
      markdown: {
        threads: env.QUIRE_MARKDOWN_THREADS,
        memoryMb: env.QUIRE_MARKDOWN_THREAD_MEMORY_MB,
        msPerKib: env.QUIRE_MARKDOWN_MS_PER_KIB,
        minimumMs: env.QUIRE_MARKDOWN_MIN_MS,
        // Generous: a batch is up to 50 bodies, and a Git import reads one page at a time.
        maxQueue: 1000,
      },
      gitAllowFile: env.QUIRE_GIT_ALLOW_FILE === '1' || env.QUIRE_GIT_ALLOW_FILE === 'true',
      git: { maxImportBytes: env.QUIRE_GIT_MAX_BYTES, maxFiles: env.QUIRE_GIT_MAX_FILES },
      pdfLinkLifetimeMs: env.QUIRE_PDF_LINK_SECONDS * 1000,
      pdfWaitMs: Math.round(env.QUIRE_PDF_WAIT_SECONDS * 1000),
      importMaxPages: env.QUIRE_IMPORT_MAX_PAGES,
      importMaxBytes: env.QUIRE_IMPORT_MAX_BYTES,
      openApi: {
        maxBytes: env.QUIRE_OPENAPI_MAX_BYTES,
        timeoutMs: Math.round(env.QUIRE_OPENAPI_FETCH_SECONDS * 1000),
      },
      // This module is one folder below the package in the sources (src/) and in the build (dist/).
      templatesDir: env.QUIRE_TEMPLATES_DIR
        ? path.resolve(env.INIT_CWD ?? process.cwd(), env.QUIRE_TEMPLATES_DIR)
        : fileURLToPath(new URL('../templates', import.meta.url)),
      files: { maxFetchedBytes: env.QUIRE_FILE_MAX_BYTES, maxInlineBytes: env.QUIRE_FILE_INLINE_MAX_BYTES },
      translation: translationProviderOf(env),
      translationTimeoutMs: Math.round(env.QUIRE_TRANSLATE_TIMEOUT_SECONDS * 1000),
      answerLimits: {
        perAsker: env.QUIRE_AI_QUESTIONS_PER_ASKER,
        perOrganization: env.QUIRE_AI_QUESTIONS_PER_ORGANIZATION,
        windowSeconds: 60,
        inFlightPerAsker: env.QUIRE_AI_ANSWERS_IN_FLIGHT_PER_ASKER,
        answerDeadlineMs: Math.round(env.QUIRE_AI_TIMEOUT_SECONDS * 1000),
      },
      ai:
        env.QUIRE_AI_URL !== undefined && env.QUIRE_AI_MODEL !== undefined
          ? {
              url: env.QUIRE_AI_URL.replace(/\/+$/, ''),
              model: env.QUIRE_AI_MODEL,
              ...(env.QUIRE_AI_API_KEY === undefined ? {} : { apiKey: env.QUIRE_AI_API_KEY }),
              timeoutMs: Math.round(env.QUIRE_AI_TIMEOUT_SECONDS * 1000),
              maxAnswersInFlight: env.QUIRE_AI_MAX_ANSWERS_IN_FLIGHT,
            }
          : undefined,
      mail:
        env.QUIRE_SMTP_URL !== undefined && env.QUIRE_MAIL_FROM !== undefined
          ? { smtpUrl: env.QUIRE_SMTP_URL, from: env.QUIRE_MAIL_FROM }
          : undefined,
      renderers:
        env.QUIRE_RENDERER_REVALIDATE_URLS?.length && env.QUIRE_RENDERER_SECRET !== undefined
          ? { revalidateUrls: env.QUIRE_RENDERER_REVALIDATE_URLS, secret: env.QUIRE_RENDERER_SECRET }
          : undefined,
    };
  });

export type Config = z.output<typeof ConfigSchema>;

/** The translation provider configured, or undefined when none is. */
export type TranslationProviderConfig =
  | { provider: 'libretranslate'; url: string; apiKey?: string }
  | { provider: 'openai'; url: string; apiKey?: string; model: string };

interface TranslationEnv {
  QUIRE_TRANSLATE_PROVIDER?: 'libretranslate' | 'openai' | undefined;
  QUIRE_TRANSLATE_URL?: string | undefined;
  QUIRE_TRANSLATE_API_KEY?: string | undefined;
  QUIRE_TRANSLATE_MODEL?: string | undefined;
}

/** A provider needs its URL, a URL needs its provider, and a chat provider its model. */
function checkTranslationProvider(env: TranslationEnv, context: z.RefinementCtx): void {
  const { QUIRE_TRANSLATE_PROVIDER: provider, QUIRE_TRANSLATE_URL: url } = env;
  if (provider !== undefined && url === undefined)
    context.addIssue({
      code: 'custom',
      path: ['QUIRE_TRANSLATE_URL'],
      message: `required with QUIRE_TRANSLATE_PROVIDER=${provider}`,
    });
  if (provider === undefined && url !== undefined)
    context.addIssue({
      code: 'custom',
      path: ['QUIRE_TRANSLATE_PROVIDER'],
      message: 'required with QUIRE_TRANSLATE_URL (libretranslate or openai)',
    });
  if (provider === 'openai' && env.QUIRE_TRANSLATE_MODEL === undefined)
    context.addIssue({
      code: 'custom',
      path: ['QUIRE_TRANSLATE_MODEL'],
      message: 'required with QUIRE_TRANSLATE_PROVIDER=openai',
    });
}

function translationProviderOf(env: TranslationEnv): TranslationProviderConfig | undefined {
  const { QUIRE_TRANSLATE_PROVIDER: provider, QUIRE_TRANSLATE_URL: url } = env;
  if (provider === undefined || url === undefined) return undefined;
  const base = {
    url: url.replace(/\/+$/, ''),
    ...(env.QUIRE_TRANSLATE_API_KEY ? { apiKey: env.QUIRE_TRANSLATE_API_KEY } : {}),
  };
  if (provider === 'libretranslate') return { provider, ...base };
  return { provider, ...base, model: env.QUIRE_TRANSLATE_MODEL ?? '' };
}

/**
 * A sites origin as URLs are written with it: no default port (`https://docs.example.com:443`
 * is `https://docs.example.com`), no query or fragment, no trailing slash.
 */
function sitesBaseOf(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
