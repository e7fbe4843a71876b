/**
 * A page body as sent (markdown with front matter, or a document tree) turned into the
 * stored form: canonical markdown, plus the settings its front matter gives.
 */
import {
  documentToMarkdown,
  type JSONDocument,
  jsonDocumentSchema,
  mentionedUserIdsOf,
} from '@quire/documents';
import type { OperationContext } from '../../core/context';
import { invalidInput } from '../../core/errors';
import type { UntrustedMarkdown } from '../../core/ports/untrusted-markdown';
import { memberMentionNames, type PeopleInSight } from '../../organizations';
import type { ContentChange, PageBody } from './content-changes';
import { openingHeading } from './opening-heading';

export interface ReadBody {
  markdown: string;
  /** Settings from the front matter (they win over the change's own fields, as in Git Sync). */
  settings: { title?: string; description?: string; emoji?: string; icon?: string; hidden?: boolean };
  /**
   * A body sent as a tree that mentions users it could not name (no member of the
   * organization): the tree, and the names it was printed with, so that a page's own names
   * for them can be kept (`withKeptMentionNames`).
   */
  unnamed?: { document: JSONDocument; names: ReadonlyMap<string, string> };
}

/**
 * The stored form of a body; `field` names it in errors (e.g. `changes.2.document`). The
 * markdown is read by the `UntrustedMarkdown` port (off the request thread, under its
 * budget); a document tree is checked by its schema, printed (a bounded tree) and read the
 * same way, since the printed text can still be costly to parse. A tree's mentions of users
 * are printed with the names `userName` gives (`memberMentionNames`), else with their URL.
 * Outcomes (400 naming `<field>.markdown` or `<field>.document`): front matter that is not a
 * YAML mapping or holds a setting of the wrong type, markdown beyond the parser's limits or
 * the budget, a tree that is not a document.
 */
export async function readBody(
  markdown: UntrustedMarkdown,
  body: PageBody,
  field: string,
  userName?: (userId: string) => string | undefined,
): Promise<ReadBody> {
  return readCheckedBody(markdown, checkedBody(body, field), field, userName);
}

/** A body as sent, its document tree (if it is one) checked by the document schema. */
type CheckedBody = { markdown: string } | { document: JSONDocument };

function checkedBody(body: PageBody, field: string): CheckedBody {
  if ('markdown' in body) return { markdown: body.markdown };
  const parsed = jsonDocumentSchema.safeParse(body.document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.map(String).join('.');
    throw invalidInput(`${field}.document${path ? `.${path}` : ''}`, issue?.message ?? 'not a document');
  }
  return { document: parsed.data };
}

async function readCheckedBody(
  markdown: UntrustedMarkdown,
  body: CheckedBody,
  field: string,
  userName: ((userId: string) => string | undefined) | undefined,
  names?: ReadonlyMap<string, string>,
): Promise<ReadBody> {
  if ('markdown' in body) {
    const reading = await markdown.read(body.markdown, { frontMatter: true });
    if (!reading.ok) throw invalidInput(`${field}.markdown`, reading.reason);
    return { markdown: reading.markdown, settings: frontMatterSettings(reading.frontMatter, field) };
  }
  const reading = await markdown.read(documentToMarkdown(body.document, { userName }));
  if (!reading.ok) throw invalidInput(`${field}.document`, reading.reason);
  const unnamed = names && [...mentionedUserIdsOf(body.document)].some((userId) => !names.has(userId));
  return {
    markdown: reading.markdown,
    settings: {},
    ...(unnamed ? { unnamed: { document: body.document, names } } : {}),
  };
}

/**
 * The bodies of a batch's changes, by the change's index, read before anything else reads
 * them (`applyChanges` takes them from here, on every attempt of the edit). The users the
 * batch's trees mention are looked up once, among the organization's members the writer may
 * see (`inSight`), for the names their mentions are written with (`memberMentionNames`: one
 * read for the whole batch, none when nothing mentions a user). Read side by side; when several are refused, the 400
 * names the first in the batch's order.
 */
export async function readBatchBodies(
  ctx: Pick<OperationContext, 'untrustedMarkdown' | 'repos'>,
  organizationId: string,
  changes: readonly ContentChange[],
  inSight: PeopleInSight,
): Promise<ReadonlyMap<number, ReadBody>> {
  const checked = changes.map((change, index) => {
    if (
      !(
        change.operation === 'insert_page' ||
        change.operation === 'update_page' ||
        change.operation === 'insert_reusable_content' ||
        change.operation === 'update_reusable_content'
      ) ||
      !change.document
    )
      return undefined;
    const field = `changes.${index}.document`;
    try {
      return { field, body: checkedBody(change.document, field) };
    } catch (refusal) {
      return { field, refusal };
    }
  });
  const mentioned = new Set<string>();
  for (const entry of checked)
    if (entry?.body && 'document' in entry.body)
      for (const userId of mentionedUserIdsOf(entry.body.document)) mentioned.add(userId);
  const names = await memberMentionNames(ctx.repos.members, organizationId, mentioned, inSight);
  const userName = (userId: string) => names.get(userId);
  const settled = await Promise.allSettled(
    checked.map((entry) =>
      entry === undefined
        ? undefined
        : entry.body
          ? readCheckedBody(ctx.untrustedMarkdown, entry.body, entry.field, userName, names)
          : Promise.reject(entry.refusal),
    ),
  );
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
  const heading = openingHeading(markdown);
  if (!heading) return null;
  return { title: heading.text.trim(), rest: markdown.slice(heading.length) };
}
