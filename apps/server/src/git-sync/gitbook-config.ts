/**
 * `.gitbook.yaml`, GitBook's Git Sync settings, beside the content (at the repository's
 * root, or in the project directory):
 *
 * ```yaml
 * root: ./docs/              # where the content is, relative to this file (default: here)
 * structure:
 *   readme: README.md        # the first page, relative to root (default README.md)
 *   summary: SUMMARY.md      # the table of contents, relative to root (default SUMMARY.md)
 * redirects:
 *   old/path: new/page.md    # a former URL path to a file, relative to root
 * ```
 *
 * Validated with zod: a key of the wrong shape is an error naming the key ('corrupt'); a
 * path that leads out of its folder is an 'unsafe-path' error (`safeRepositoryPath`).
 * Unknown keys are ignored (GitBook's file may carry settings Quire does not use).
 */
import { parseYamlText } from '@quire/documents';
import { ContentImportError } from '@quire/domain';
import { z } from 'zod';
import { safeRepositoryPath } from './repository-path';

export interface GitbookConfig {
  /** The content's folder, relative to the `.gitbook.yaml` (`` for the same folder). */
  root: string;
  structure: { readme: string; summary: string };
  /** Former URL paths (no leading `/`) to the files now at them, relative to root. */
  redirects: Record<string, string>;
}

export const DEFAULT_GITBOOK_CONFIG: GitbookConfig = {
  root: '',
  structure: { readme: 'README.md', summary: 'SUMMARY.md' },
  redirects: {},
};

/**
 * The longest `.gitbook.yaml` read, in characters: it is read on the server's thread (YAML,
 * about a second a megabyte), and GitBook's own are a few lines, or a few thousand redirects
 * (Quire keeps 1,000): 80 bytes a line, 1 MiB is 13,000 of them.
 */
export const MAX_GITBOOK_CONFIG_LENGTH = 1024 * 1024;

const pathText = z.string().min(1).max(1024);

const gitbookConfigSchema = z.object({
  root: pathText.optional(),
  structure: z.object({ readme: pathText.optional(), summary: pathText.optional() }).nullish(),
  redirects: z.record(z.string().max(1024), pathText).nullish(),
});

/** The settings `text` (the `.gitbook.yaml`'s content, undefined when there is none) gives. */
export function readGitbookConfig(text: string | undefined): GitbookConfig {
  if (text === undefined) return DEFAULT_GITBOOK_CONFIG;
  if (text.length > MAX_GITBOOK_CONFIG_LENGTH)
    throw new ContentImportError(
      'too-large',
      `.gitbook.yaml is ${text.length} characters long, more than the ${MAX_GITBOOK_CONFIG_LENGTH} read`,
    );
  let data: unknown;
  try {
    data = parseYamlText(text);
  } catch (error) {
    throw new ContentImportError(
      'corrupt',
      `.gitbook.yaml is not valid YAML: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  if (data === null || data === undefined) return DEFAULT_GITBOOK_CONFIG;
  const parsed = gitbookConfigSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.length ? issue.path.join('.') : '(the whole file)';
    throw new ContentImportError('corrupt', `.gitbook.yaml: ${key}: ${issue?.message ?? 'invalid'}`);
  }
  const { root, structure, redirects } = parsed.data;
  return {
    root: safeRepositoryPath(root ?? '.', '.gitbook.yaml root'),
    structure: {
      readme: safeFilePath(structure?.readme ?? 'README.md', 'structure.readme'),
      summary: safeFilePath(structure?.summary ?? 'SUMMARY.md', 'structure.summary'),
    },
    redirects: Object.fromEntries(
      Object.entries(redirects ?? {}).map(([from, to]) => [
        from.replace(/^\/+/, ''),
        safeFilePath(to, `redirects.${from}`),
      ]),
    ),
  };
}

/** A path naming a file (the value of `key`): safe, and not empty once cleaned (`./` names no file). */
function safeFilePath(path: string, key: string): string {
  const safe = safeRepositoryPath(path, `.gitbook.yaml ${key}`);
  if (safe === '') throw new ContentImportError('corrupt', `.gitbook.yaml: ${key}: names no file`);
  return safe;
}
