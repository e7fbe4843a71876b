/**
 * A page body as sent (markdown with front matter, or a document tree) turned into the
 * stored form: canonical markdown, plus the settings its front matter gives.
 */
import {
  documentToMarkdown,
  FrontMatterError,
  jsonDocumentSchema,
  MarkdownTooComplexError,
  normalizeMarkdown,
  splitFrontMatter,
} from '@quire/documents';
import { invalidInput } from '../../core/errors';
import type { PageBody } from './content-changes';

export interface ReadBody {
  markdown: string;
  /** Settings from the front matter (they win over the change's own fields, as in Git Sync). */
  settings: { title?: string; description?: string; emoji?: string; icon?: string; hidden?: boolean };
}

/** The stored form of a body; `field` names it in errors (e.g. `changes.2.document`). */
export function readBody(body: PageBody, field: string): ReadBody {
  if ('markdown' in body) {
    const split = readable(`${field}.markdown`, () => splitFrontMatter(body.markdown));
    const markdown = readable(`${field}.markdown`, () => normalizeMarkdown(split.body));
    return { markdown, settings: frontMatterSettings(split.data, field) };
  }
  const parsed = jsonDocumentSchema.safeParse(body.document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.map(String).join('.');
    throw invalidInput(`${field}.document${path ? `.${path}` : ''}`, issue?.message ?? 'not a document');
  }
  const markdown = readable(`${field}.document`, () => normalizeMarkdown(documentToMarkdown(parsed.data)));
  return { markdown, settings: {} };
}

/**
 * The markdown library's refusals (front matter that is not a YAML mapping, markdown
 * nested or repeated beyond its limits) are the caller's input errors, named by field.
 */
function readable<T>(field: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof FrontMatterError || error instanceof MarkdownTooComplexError) {
      throw invalidInput(field, error.message);
    }
    throw error;
  }
}

function frontMatterSettings(data: Record<string, unknown>, field: string): ReadBody['settings'] {
  const settings: ReadBody['settings'] = {};
  for (const key of ['title', 'description', 'emoji', 'icon'] as const) {
    const value = data[key];
    if (value === undefined) continue;
    if (typeof value !== 'string')
      throw invalidInput(`${field}.markdown`, `front matter "${key}" must be text`);
    settings[key] = value;
  }
  if (data.hidden !== undefined) {
    if (typeof data.hidden !== 'boolean')
      throw invalidInput(`${field}.markdown`, 'front matter "hidden" must be true or false');
    settings.hidden = data.hidden;
  }
  return settings;
}

/** The leading level-1 heading of markdown, and the markdown without it (a title for an untitled page). */
export function leadingHeading(markdown: string): { title: string; rest: string } | null {
  const match = /^# +(.+?)[ #]*(?:\n+|$)/.exec(markdown);
  if (!match?.[1]) return null;
  return { title: match[1].trim(), rest: markdown.slice(match[0].length) };
}
