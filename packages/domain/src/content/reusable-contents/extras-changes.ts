/**
 * What a revision changed of its reusable contents and the space's variables, in GitBook's
 * semantic-change shapes: `reusable_content_created`, `reusable_content_deleted`,
 * `reusable_content_edited` (title and document, before and after: the document is its
 * body's id, which changes whenever the body does) and `variables_edited` (each variable
 * added, changed or removed, before and after). Reusable contents in id order.
 */
import { z } from 'zod';
import type { VariableValues } from '../revisions/records';
import type { StoredPage } from '../revisions/stored-page';
import type { RevisionExtras } from './revision-extras';
import { VariableValueSchema } from './variables';

const ChangedReusableContentSchema = z.object({
  id: z.string(),
  title: z.string(),
  document: z.string().optional(),
});
const BeforeAfterSchema = z.object({ before: z.string().optional(), after: z.string().optional() });

export const ExtrasChangeSchemas = [
  z.object({ type: z.literal('reusable_content_created'), reusableContent: ChangedReusableContentSchema }),
  z.object({ type: z.literal('reusable_content_deleted'), reusableContent: ChangedReusableContentSchema }),
  z.object({
    type: z.literal('reusable_content_edited'),
    reusableContent: ChangedReusableContentSchema,
    attributes: z.record(z.string(), BeforeAfterSchema),
  }),
  z.object({
    type: z.literal('variables_edited'),
    variables: z.record(
      z.string(),
      z.object({ before: VariableValueSchema.optional(), after: VariableValueSchema.optional() }),
    ),
  }),
] as const;

export type ExtrasChange = z.infer<(typeof ExtrasChangeSchemas)[number]>;

const changed = (content: StoredPage) => ({ id: content.id, title: content.title, document: content.body });

export function extrasChanges(
  before: Pick<RevisionExtras, 'reusableContents' | 'variables'>,
  after: Pick<RevisionExtras, 'reusableContents' | 'variables'>,
): ExtrasChange[] {
  const changes: ExtrasChange[] = [];
  const ids = [...new Set([...before.reusableContents.keys(), ...after.reusableContents.keys()])].sort();
  for (const id of ids) {
    const was = before.reusableContents.get(id);
    const now = after.reusableContents.get(id);
    if (!was && now) changes.push({ type: 'reusable_content_created', reusableContent: changed(now) });
    else if (was && !now) changes.push({ type: 'reusable_content_deleted', reusableContent: changed(was) });
    else if (was && now) {
      const attributes: Record<string, { before?: string; after?: string }> = {};
      if (was.title !== now.title) attributes.title = { before: was.title, after: now.title };
      if (was.body !== now.body) attributes.document = { before: was.body, after: now.body };
      if (Object.keys(attributes).length > 0)
        changes.push({ type: 'reusable_content_edited', reusableContent: changed(now), attributes });
    }
  }
  const variables = variableChanges(before.variables, after.variables);
  if (Object.keys(variables).length > 0) changes.push({ type: 'variables_edited', variables });
  return changes;
}

function variableChanges(
  before: VariableValues,
  after: VariableValues,
): Record<string, { before?: string | number | boolean; after?: string | number | boolean }> {
  const out: Record<string, { before?: string | number | boolean; after?: string | number | boolean }> = {};
  for (const name of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const [was, now] = [before[name], after[name]];
    if (was === now) continue;
    out[name] = {
      ...(was !== undefined ? { before: was } : {}),
      ...(now !== undefined ? { after: now } : {}),
    };
  }
  return out;
}
