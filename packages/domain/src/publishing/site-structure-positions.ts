/**
 * The `position` bodies of the structure's moves, in GitBook's shapes, each turned into the
 * typed pointers of `moveStructureItem`: the deprecated moves name siblings their own way
 * (`{type: 'site-section', siteSection}`, `{type: 'site-space', siteSpace}`, a group's
 * `{type, id}`), the structure sort with `{type, id}` for every kind.
 */
import { z } from 'zod';
import { IdSchema } from '../core/schemas';
import type { StructurePointer, StructurePosition } from './site-structure';

const positionOf = <Pointer extends z.ZodType>(pointer: Pointer, what: string) =>
  z
    .strictObject({
      before: pointer.optional().describe('The sibling the item is placed right before'),
      after: pointer.optional().describe('The sibling the item is placed right after'),
    })
    .describe(`Where to place the ${what} among its siblings; by default, last`);

export const SiteSectionPointerSchema = z
  .strictObject({
    type: z.literal('site-section').describe('Always "site-section"'),
    siteSection: IdSchema.describe('Id of the site section'),
  })
  .describe('A site section, as a position reference');

export const SiteSpacePointerSchema = z
  .strictObject({
    type: z.literal('site-space').describe('Always "site-space"'),
    siteSpace: IdSchema.describe('Id of the site space'),
  })
  .describe('A site space, as a position reference');

export const SiteSectionGroupPointerSchema = z
  .strictObject({
    type: z.enum(['site-section', 'site-section-group']).describe('What the reference names'),
    id: IdSchema.describe('Id of the site section or section group'),
  })
  .describe('A top-level site section or section group, as a position reference');

export const SiteStructureItemPointerSchema = z
  .strictObject({
    type: z.enum(['site-space', 'site-section', 'site-section-group']).describe('What the pointer names'),
    id: IdSchema.describe('Id of the site space, site section or site section group'),
  })
  .describe('A site space, site section or site section group');

export const SiteSectionPositionSchema = positionOf(SiteSectionPointerSchema, 'section');
export const SiteSpacePositionSchema = positionOf(SiteSpacePointerSchema, 'site space');
export const SiteSectionGroupPositionSchema = positionOf(SiteSectionGroupPointerSchema, 'section group');
export const SiteStructurePositionSchema = positionOf(SiteStructureItemPointerSchema, 'item');

type Position<Pointer> = { before?: Pointer | undefined; after?: Pointer | undefined } | undefined;

function toPosition<Pointer>(
  position: Position<Pointer>,
  pointerOf: (pointer: Pointer) => StructurePointer,
): StructurePosition {
  return {
    before: position?.before === undefined ? undefined : pointerOf(position.before),
    after: position?.after === undefined ? undefined : pointerOf(position.after),
  };
}

export const sectionPosition = (position: Position<z.infer<typeof SiteSectionPointerSchema>>) =>
  toPosition(position, (pointer) => ({ type: pointer.type, id: pointer.siteSection }));

export const siteSpacePosition = (position: Position<z.infer<typeof SiteSpacePointerSchema>>) =>
  toPosition(position, (pointer) => ({ type: pointer.type, id: pointer.siteSpace }));

export const structurePosition = (position: Position<StructurePointer>) =>
  toPosition(position, (pointer) => pointer);
