import { z } from 'zod';
import { parseMarkdown } from './markdown-processor';
import { parseYamlText } from './yaml-text';

/** A front matter that cannot be read: not YAML, or not a mapping. */
export class FrontMatterError extends Error {
  override name = 'FrontMatterError';
}

export interface SplitMarkdown {
  data: Record<string, unknown>;
  /** The markdown after the front matter, as written (not normalized). */
  body: string;
}

/**
 * Splits YAML front matter (`---` ... `---` at the very start, as remark-frontmatter reads it)
 * from a markdown page. No front matter: empty data, the whole text as body. An empty front
 * matter is an empty mapping; a list, a scalar or invalid YAML is a `FrontMatterError`.
 */
export function splitFrontMatter(markdown: string): SplitMarkdown {
  // Front matter opens on the very first line: without that line there is none, and the
  // (costly) parse is not needed.
  if (!/^---[ \t]*\r?\n/.test(markdown)) return { data: {}, body: markdown };
  const first = parseMarkdown(markdown).children[0];
  if (first?.type !== 'yaml') return { data: {}, body: markdown };
  const end = first.position?.end.offset ?? 0;
  const body = markdown.slice(end).replace(/^\r?\n/, '');
  let data: unknown;
  try {
    data = parseYamlText(first.value);
  } catch (error) {
    throw new FrontMatterError('front matter is not valid YAML: ' + (error as Error).message.split('\n')[0]);
  }
  if (data === null || data === undefined) return { data: {}, body };
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new FrontMatterError(
      'front matter must be a YAML mapping (key: value lines), not ' +
        (Array.isArray(data) ? 'a list' : 'a ' + typeof data),
    );
  }
  return { data: data as Record<string, unknown>, body };
}

/** The page fields Quire reads from front matter (GitBook's `title`, `description`, `emoji`/`icon`, `hidden`). */
export const pageFrontMatterSchema = z.object({
  title: z.string().trim().min(1).max(1024).optional(),
  description: z.string().max(4096).optional(),
  emoji: z.string().min(1).max(64).optional(),
  icon: z.string().min(1).max(128).optional(),
  hidden: z.boolean().optional(),
});

export type PageFrontMatter = z.infer<typeof pageFrontMatterSchema>;

const honouredKeys = new Set(Object.keys(pageFrontMatterSchema.shape));

/**
 * Validates the honoured fields (a ZodError names the field) and keeps every other key aside
 * in `extra`, untouched, for the caller to store or ignore.
 */
export function readPageFrontMatter(data: Record<string, unknown>): {
  fields: PageFrontMatter;
  extra: Record<string, unknown>;
} {
  const extra = Object.fromEntries(Object.entries(data).filter(([key]) => !honouredKeys.has(key)));
  const honoured = Object.fromEntries(Object.entries(data).filter(([key]) => honouredKeys.has(key)));
  return { fields: pageFrontMatterSchema.parse(honoured), extra };
}
