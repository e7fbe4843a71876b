/**
 * A page body as sent (markdown with front matter, or a document tree) turned into the
 * stored form: canonical markdown, plus the settings its front matter gives.
 */
import { documentToMarkdown, jsonDocumentSchema } from '@quire/documents';
import type { OperationContext } from '../../core/context';
import { invalidInput } from '../../core/errors';
import type { UntrustedMarkdown } from '../../core/ports/untrusted-markdown';
import type { ContentChange, PageBody } from './content-changes';

export interface ReadBody {
  markdown: string;
  /** Settings from the front matter (they win over the change's own fields, as in Git Sync). */
  settings: { title?: string; description?: string; emoji?: string; icon?: string; hidden?: boolean };
}

/**
 * The stored form of a body; `field` names it in errors (e.g. `changes.2.document`). The
 * markdown is read by the `UntrustedMarkdown` port (off the request thread, under its
 * budget); a document tree is checked by its schema, printed (a bounded tree) and read the
 * same way, since the printed text can still be costly to parse. Outcomes (400 naming
 * `<field>.markdown` or `<field>.document`): front matter that is not a YAML mapping or
 * holds a setting of the wrong type, markdown beyond the parser's limits or the budget, a
 * tree that is not a document.
 */
export async function readBody(
  markdown: UntrustedMarkdown,
  body: PageBody,
  field: string,
): Promise<ReadBody> {
  if ('markdown' in body) {
    const reading = await markdown.read(body.markdown, { frontMatter: true });
    if (!reading.ok) throw invalidInput(`${field}.markdown`, reading.reason);
    return { markdown: reading.markdown, settings: frontMatterSettings(reading.frontMatter, field) };
  }
  const parsed = jsonDocumentSchema.safeParse(body.document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.map(String).join('.');
    throw invalidInput(`${field}.document${path ? `.${path}` : ''}`, issue?.message ?? 'not a document');
  }
  const reading = await markdown.read(documentToMarkdown(parsed.data));
  if (!reading.ok) throw invalidInput(`${field}.document`, reading.reason);
  return { markdown: reading.markdown, settings: {} };
}

/**
 * The bodies of a batch's changes, by the change's index, read before anything else reads
 * them (`applyChanges` takes them from here, on every attempt of the edit). Read side by
 * side; when several are refused, the 400 names the first in the batch's order.
 */
export async function readBatchBodies(
  ctx: Pick<OperationContext, 'untrustedMarkdown'>,
  changes: readonly ContentChange[],
): Promise<ReadonlyMap<number, ReadBody>> {
  const reads = changes.map((change, index) =>
    (change.operation === 'insert_page' ||
      change.operation === 'update_page' ||
      change.operation === 'insert_reusable_content' ||
      change.operation === 'update_reusable_content') &&
    change.document
      ? readBody(ctx.untrustedMarkdown, change.document, `changes.${index}.document`)
      : undefined,
  );
  const settled = await Promise.allSettled(reads);
  const bodies = new Map<number, ReadBody>();
  for (const [index, outcome] of settled.entries()) {
    if (outcome.status === 'rejected') throw outcome.reason;
    if (outcome.value !== undefined) bodies.set(index, outcome.value);
  }
  return bodies;
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
