/**
 * What changed between two revisions, in GitBook's "semantic changes" shape: pages created,
 * deleted, moved (to another parent or place) and edited (which attributes, before and
 * after), files created, deleted and edited, and reusable contents and variables
 * (`reusable-contents/extras-changes.ts`). An edited body also carries a unified line
 * diff of its markdown (`diff`, beyond GitBook's shape: the web app shows it).
 */
import { z } from 'zod';
import { ExtrasChangeSchemas } from '../reusable-contents/extras-changes';
import { boundedPatch, patchBudget } from './bounded-patch';
import { coverValue, orderedCover, PageCoverSchema } from './page-cover';
import type { FileEntry } from './records';
import type { StoredPage } from './stored-page';

const ChangedPageSchema = z.object({
  id: z.string(),
  // GitBook's RevisionPageType: a group or a link page is named as one (issue 27, item 4).
  type: z.enum(['document', 'group', 'link']),
  title: z.string(),
  path: z.string().optional(),
});
const BeforeAfterSchema = z.object({ before: z.string().optional(), after: z.string().optional() });
/** A link page's target before and after: GitBook's `ChangeAttributeContentReference`. */
const LinkTargetSchema = z.union([
  z.object({ kind: z.literal('url'), url: z.string() }),
  z.object({ kind: z.literal('page'), page: z.string() }),
]);
const TargetBeforeAfterSchema = z.object({
  before: LinkTargetSchema.optional(),
  after: LinkTargetSchema.optional(),
});
/** A cover before and after: GitBook's `ChangeAttributeRevisionPageDocumentCover`. */
const CoverBeforeAfterSchema = z.object({
  before: PageCoverSchema.optional(),
  after: PageCoverSchema.optional(),
});
const ChangedFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  downloadURL: z.string(),
});

export const RevisionChangeSchema = z.union([
  z.object({ type: z.literal('page_created'), page: ChangedPageSchema }),
  z.object({ type: z.literal('page_deleted'), page: ChangedPageSchema }),
  z.object({
    type: z.literal('page_moved'),
    page: ChangedPageSchema,
    parent: z.object({ before: ChangedPageSchema.optional(), after: ChangedPageSchema.optional() }),
  }),
  z.object({
    type: z.literal('page_edited'),
    page: ChangedPageSchema,
    attributes: z.record(
      z.string(),
      z.union([BeforeAfterSchema, TargetBeforeAfterSchema, CoverBeforeAfterSchema]),
    ),
    diff: z.string().optional().describe('Unified line diff of the markdown, when the body changed'),
  }),
  z.object({ type: z.literal('file_created'), file: ChangedFileSchema }),
  z.object({ type: z.literal('file_deleted'), file: ChangedFileSchema }),
  z.object({
    type: z.literal('file_edited'),
    file: ChangedFileSchema,
    attributes: z.record(z.string(), BeforeAfterSchema),
  }),
  ...ExtrasChangeSchemas,
]);
export type RevisionChange = z.infer<typeof RevisionChangeSchema>;

const EDITED_SETTINGS = ['title', 'slug', 'emoji', 'icon', 'description'] as const;

export interface ComparedContent {
  pages: ReadonlyMap<string, StoredPage>;
  paths: ReadonlyMap<string, string>;
  files: readonly FileEntry[];
}

/** Where a file's bytes are served. */
export type DownloadUrlOf = (file: FileEntry) => string;

/**
 * The changes from `before` to `after`; `markdownOf` reads bodies (only those of pages
 * whose body address differs are asked for).
 */
export async function revisionChanges(
  before: ComparedContent,
  after: ComparedContent,
  markdownOf: (addresses: string[]) => Promise<Map<string, string>>,
  downloadUrlOf: DownloadUrlOf,
): Promise<RevisionChange[]> {
  const changes: RevisionChange[] = [];
  const changed = (page: StoredPage, content: ComparedContent) => ({
    id: page.id,
    type: page.type ?? ('document' as const),
    title: page.title,
    ...(content.paths.has(page.id) ? { path: content.paths.get(page.id) } : {}),
  });
  const bodyPairs: Array<{ old: StoredPage; now: StoredPage; index: number }> = [];
  for (const now of after.pages.values()) {
    const old = before.pages.get(now.id);
    if (!old) {
      changes.push({ type: 'page_created', page: changed(now, after) });
      continue;
    }
    if (old.parentId !== now.parentId || old.position !== now.position) {
      const parentBefore = old.parentId ? before.pages.get(old.parentId) : undefined;
      const parentAfter = now.parentId ? after.pages.get(now.parentId) : undefined;
      changes.push({
        type: 'page_moved',
        page: changed(now, after),
        parent: {
          ...(parentBefore ? { before: changed(parentBefore, before) } : {}),
          ...(parentAfter ? { after: changed(parentAfter, after) } : {}),
        },
      });
    }
    const attributes: Extract<RevisionChange, { type: 'page_edited' }>['attributes'] = {};
    for (const key of EDITED_SETTINGS) {
      if (old[key] !== now[key]) attributes[key] = beforeAfter(old[key], now[key]);
    }
    if (old.hidden !== now.hidden) attributes.hidden = beforeAfter(String(old.hidden), String(now.hidden));
    // A link page's target, as GitBook reports it: the content references themselves.
    if (JSON.stringify(old.target) !== JSON.stringify(now.target))
      attributes.target = {
        ...(old.target ? { before: old.target } : {}),
        ...(now.target ? { after: now.target } : {}),
      };
    if (coverValue(old.cover) !== coverValue(now.cover))
      attributes.cover = {
        ...(old.cover ? { before: orderedCover(old.cover) } : {}),
        ...(now.cover ? { after: orderedCover(now.cover) } : {}),
      };
    if (old.body !== now.body) {
      attributes.document = {};
      bodyPairs.push({ old, now, index: changes.length });
    }
    if (Object.keys(attributes).length > 0) {
      changes.push({ type: 'page_edited', page: changed(now, after), attributes });
    }
  }
  for (const old of before.pages.values()) {
    if (!after.pages.has(old.id)) changes.push({ type: 'page_deleted', page: changed(old, before) });
  }
  if (bodyPairs.length > 0) {
    const bodies = await markdownOf(bodyPairs.flatMap(({ old, now }) => [old.body, now.body]));
    const budget = patchBudget();
    for (const { old, now, index } of bodyPairs) {
      const change = changes[index];
      if (change?.type !== 'page_edited') continue;
      const was = bodies.get(old.body) ?? '';
      const is = bodies.get(now.body) ?? '';
      change.attributes.document = { before: was, after: is };
      const path = after.paths.get(now.id) ?? now.slug;
      change.diff = boundedPatch(`a/${path}.md`, `b/${path}.md`, was, is, budget);
    }
  }
  changes.push(...fileChanges(before.files, after.files, downloadUrlOf));
  return changes;
}

const beforeAfter = (before: string | undefined, after: string | undefined) => ({
  ...(before !== undefined ? { before } : {}),
  ...(after !== undefined ? { after } : {}),
});

function fileChanges(
  before: readonly FileEntry[],
  after: readonly FileEntry[],
  downloadUrlOf: DownloadUrlOf,
): RevisionChange[] {
  const changes: RevisionChange[] = [];
  const old = new Map(before.map((file) => [file.id, file]));
  const shown = (file: FileEntry) => ({
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: downloadUrlOf(file),
  });
  for (const file of after) {
    const was = old.get(file.id);
    if (!was) {
      changes.push({ type: 'file_created', file: shown(file) });
      continue;
    }
    const attributes: Record<string, { before?: string; after?: string }> = {};
    if (was.name !== file.name) attributes.name = beforeAfter(was.name, file.name);
    if (was.contentType !== file.contentType)
      attributes.contentType = beforeAfter(was.contentType, file.contentType);
    if (was.hash !== file.hash) attributes.size = beforeAfter(String(was.size), String(file.size));
    if (Object.keys(attributes).length > 0)
      changes.push({ type: 'file_edited', file: shown(file), attributes });
  }
  const kept = new Set(after.map((file) => file.id));
  for (const file of before)
    if (!kept.has(file.id)) changes.push({ type: 'file_deleted', file: shown(file) });
  return changes;
}
