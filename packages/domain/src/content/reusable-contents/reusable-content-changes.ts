/**
 * The batch's changes to reusable contents and variables. GitBook's API has no route that
 * writes them (its editor does, through its own channel); Quire writes them through the same
 * batch that edits pages (`POST SPACE/content`, `POST CR/content`), so they land in the same
 * revision, all or nothing, and a change request branches and merges them with its pages.
 *
 * Rules (continuing `applyChanges`'):
 * 1. `insert_reusable_content` adds one with a new id, its title `title` (else its front
 *    matter's, else its body's leading level-1 heading, taken out of the body, else
 *    "Untitled"); its slug (the name of its file in Git Sync, `.gitbook/includes/<slug>.md`)
 *    comes from the title, unique among the space's reusable contents. `ref` names it for
 *    the answer.
 * 2. `update_reusable_content` changes its title and/or body (the slug stays, so its file
 *    keeps its name); `delete_reusable_content` removes it. Either names it by id (or by the
 *    `ref` of an insert earlier in the batch); one the revision does not hold: 400 naming
 *    `changes.<index>.reusableContent`. Pages that include a deleted one keep their block,
 *    which then reads as missing (`dereferenced`).
 * 3. `update_variables` sets (a value) and removes (null) variables of the space, or of the
 *    page `page` names (by id or ref); at most 100 variables result (400 naming
 *    `changes.<index>.variables`).
 */
import { z } from 'zod';
import { invalidInput } from '../../core/errors';
import { IdSchema } from '../../core/schemas';
import { positionBetween } from '../positions/position-between';
import { addressOf } from '../revisions/content-address';
import type { ReadBody } from '../revisions/page-body';
import { PageBodySchema } from '../revisions/page-body-schema';
import { slugOf, uniqueSlug } from '../revisions/page-slug';
import type { BodyObject, VariableValues } from '../revisions/records';
import { bySiblingOrder, changedPage, type StoredPage } from '../revisions/stored-page';
import type { RevisionExtras } from './revision-extras';
import { MAX_VARIABLES, patchedVariables, VariablesPatchSchema } from './variables';

const TitleSchema = z.string().min(1).max(255);
const RefSchema = z.string().min(1).max(128);

export const InsertReusableContentSchema = z.strictObject({
  operation: z.literal('insert_reusable_content'),
  title: TitleSchema.optional().describe('Title of the reusable content (absent: from its body)'),
  ref: RefSchema.optional().describe('Name later changes of the batch and the answer use for it'),
  document: PageBodySchema.describe('Body of the reusable content'),
});

export const UpdateReusableContentSchema = z.strictObject({
  operation: z.literal('update_reusable_content'),
  reusableContent: IdSchema.describe('Id (or ref) of the reusable content'),
  title: TitleSchema.optional().describe('New title'),
  document: PageBodySchema.optional().describe('New body: every page that includes it shows it'),
});

export const DeleteReusableContentSchema = z.strictObject({
  operation: z.literal('delete_reusable_content'),
  reusableContent: IdSchema.describe('Id (or ref) of the reusable content'),
});

export const UpdateVariablesSchema = z.strictObject({
  operation: z.literal('update_variables'),
  page: IdSchema.optional().describe("Id (or ref) of the page whose variables to set (absent: the space's)"),
  variables: VariablesPatchSchema,
});

export type ReusableContentChange =
  | z.infer<typeof InsertReusableContentSchema>
  | z.infer<typeof UpdateReusableContentSchema>
  | z.infer<typeof DeleteReusableContentSchema>;

/** What a change to a reusable content did, before presenting. */
export type AppliedReusableContentChange =
  | { object: 'created_reusable_content'; reusableContentId: string; ref?: string }
  | { object: 'updated_reusable_content'; reusableContentId: string }
  | { object: 'deleted_reusable_content'; reusableContentId: string };

/** The reusable contents and space variables a batch is editing, changed in place. */
export class ExtrasEdit {
  readonly reusableContents: Map<string, StoredPage>;
  variables: VariableValues;
  readonly bodies = new Map<string, BodyObject>();
  readonly #refs = new Map<string, string>();
  changed = false;

  constructor(start: RevisionExtras) {
    this.reusableContents = new Map(start.reusableContents);
    this.variables = start.variables;
  }

  /** The extras after the batch. */
  result(): RevisionExtras {
    return { reusableContents: this.reusableContents, variables: this.variables, bodies: this.bodies };
  }

  /** Rules 1 and 2. */
  apply(
    change: ReusableContentChange,
    field: (name: string) => string,
    env: { now: string; newId: () => string; body: ReadBody | undefined; leadingHeading: LeadingHeading },
  ): AppliedReusableContentChange {
    this.changed = true;
    if (change.operation === 'insert_reusable_content') {
      const body = env.body;
      if (!body) throw new Error('the body of an inserted reusable content was not read');
      let markdown = body.markdown;
      let title = change.title ?? body.settings.title;
      if (title === undefined) {
        const heading = env.leadingHeading(markdown);
        if (heading) {
          title = heading.title;
          markdown = heading.rest;
        }
      }
      const id = env.newId();
      const ordered = [...this.reusableContents.values()].sort(bySiblingOrder);
      const taken = new Set(ordered.map((item) => item.slug));
      const content: StoredPage = {
        id,
        parentId: null,
        title: title ?? 'Untitled',
        slug: uniqueSlug(slugOf(title ?? 'Untitled'), taken),
        hidden: false,
        position: positionBetween(ordered.at(-1)?.position ?? null, null),
        createdAt: env.now,
        updatedAt: env.now,
        body: this.#storeBody(markdown),
      };
      this.reusableContents.set(id, content);
      if (change.ref !== undefined) {
        if (this.#refs.has(change.ref)) throw invalidInput(field('ref'), 'used twice in the batch');
        this.#refs.set(change.ref, id);
      }
      return {
        object: 'created_reusable_content',
        reusableContentId: id,
        ...(change.ref !== undefined ? { ref: change.ref } : {}),
      };
    }
    const id = this.#refs.get(change.reusableContent) ?? change.reusableContent;
    const existing = this.reusableContents.get(id);
    if (!existing) {
      throw invalidInput(
        field('reusableContent'),
        `no reusable content ${JSON.stringify(change.reusableContent)} in the content`,
      );
    }
    if (change.operation === 'delete_reusable_content') {
      this.reusableContents.delete(id);
      return { object: 'deleted_reusable_content', reusableContentId: id };
    }
    const next = changedPage(existing, { updatedAt: env.now });
    const title = change.title ?? env.body?.settings.title;
    if (title !== undefined) next.title = title;
    if (env.body) next.body = this.#storeBody(env.body.markdown);
    this.reusableContents.set(id, next);
    return { object: 'updated_reusable_content', reusableContentId: id };
  }

  /** Rule 3, for the space's variables. */
  patchVariables(patch: Readonly<Record<string, string | number | boolean | null>>, field: string): void {
    this.changed = true;
    this.variables = checkedVariables(patchedVariables(this.variables, patch), field);
  }

  #storeBody(markdown: string): string {
    const object: BodyObject = { kind: 'body', markdown };
    const address = addressOf(object);
    this.bodies.set(address, object);
    return address;
  }
}

type LeadingHeading = (markdown: string) => { title: string; rest: string } | null;

/** Rule 3's bound: the variables after a patch. */
export function checkedVariables(values: VariableValues, field: string): VariableValues {
  if (Object.keys(values).length > MAX_VARIABLES)
    throw invalidInput(field, `at most ${MAX_VARIABLES} variables`);
  return values;
}

/** A reusable content's change as the batch's answer shows it. */
export function presentReusableContentChange(
  change: AppliedReusableContentChange,
):
  | { object: 'created_reusable_content'; ref?: string; reusableContent: string }
  | { object: 'updated_reusable_content' | 'deleted_reusable_content'; reusableContent: string } {
  if (change.object === 'created_reusable_content') {
    return {
      object: change.object,
      ...(change.ref !== undefined ? { ref: change.ref } : {}),
      reusableContent: change.reusableContentId,
    };
  }
  return { object: change.object, reusableContent: change.reusableContentId };
}
