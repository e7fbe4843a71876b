/** Field schemas of Git Sync requests (GitBook's `ImportGitRepository`, `ExportToGitRepository`). */
import { z } from 'zod';

/**
 * A repository URL as given: `https://…` (credentials allowed), or a local path or `file://`
 * URL where the server allows them. Which transports the server uses is the port's call
 * (`GitRepositories.refusal`); this only bounds the text.
 */
export const GitUrlSchema = z
  .string()
  .min(1)
  .max(2048)
  .refine((url) => !/[\s\0]/.test(url), 'a repository URL has no spaces or control characters')
  .describe('The repository: an https URL, which may carry basic-auth credentials')
  .meta({ examples: ['https://github.com/acme/docs.git'] });

/**
 * A ref as Git accepts it (`git check-ref-format`, in short): no `..`, no control
 * characters, spaces, `~^:?*[\\`, no leading `-` or `/`, no `//`, no `@{`, not ending in
 * `.lock`, `/` or `.`.
 */
export const GitRefSchema = z
  .string()
  .min(1)
  .max(256)
  .refine(
    (ref) =>
      !/[\0-\x20\x7f~^:?*[\\]/.test(ref) &&
      !ref.includes('..') &&
      !ref.includes('//') &&
      !ref.includes('@{') &&
      !/^[-/]/.test(ref) &&
      !/(\.lock|\/|\.)$/.test(ref),
    'not a Git ref: write it as refs/heads/main',
  )
  .describe('The ref, as "refs/heads/main" (a branch or tag name alone is read as one)')
  .meta({ examples: ['refs/heads/main'] });

/** A folder of the repository, relative, that never leaves it. */
export const GitProjectDirectorySchema = z
  .string()
  .max(1024)
  .refine(
    (path) =>
      !path.startsWith('/') &&
      !/[\0\\]/.test(path) &&
      !path.split('/').some((segment) => segment === '..') &&
      !/^[a-z]:/i.test(path),
    'a folder inside the repository: relative, without ".." or backslashes',
  )
  .describe('The folder of the repository the content is in (default: its root)')
  .meta({ examples: ['docs'] });

const HttpUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2048);

export const gitSyncShape = {
  url: GitUrlSchema,
  ref: GitRefSchema,
  repoCacheID: z
    .string()
    .max(256)
    .optional()
    .describe('Accepted for GitBook clients; Quire keeps no cache by it'),
  repoTreeURL: HttpUrlSchema.optional().describe("Prefix of a page's git.url (the repository's tree)"),
  repoCommitURL: HttpUrlSchema.optional().describe(
    "Prefix of a revision's git.url (the repository's commits)",
  ),
  repoProjectDirectory: GitProjectDirectorySchema.optional(),
  timestamp: z.iso
    .datetime({ offset: true, error: 'an ISO 8601 date-time' })
    .optional()
    .describe('When the event that triggered this happened: imports and exports apply in this order'),
  force: z.boolean().optional().describe('Run even when a newer import or export was applied'),
  gitInfo: z
    .strictObject({
      provider: z.enum(['github', 'gitlab']).optional(),
      url: HttpUrlSchema.optional().describe("The repository's tree URL"),
    })
    .optional()
    .describe('What to show of the Git provider on the space'),
};
