/** The `position` of move requests: before and/or after a sibling space or collection. */
import { z } from 'zod';
import { IdSchema } from '../../core/schemas';

export const SpacePointerSchema = z
  .strictObject({
    type: z.literal('space').describe('Always "space"'),
    space: IdSchema.describe('Id of the space'),
  })
  .describe('A space, as a position reference');

export const CollectionPointerSchema = z
  .strictObject({
    type: z.literal('collection').describe('Always "collection"'),
    collection: IdSchema.describe('Id of the collection'),
  })
  .describe('A collection, as a position reference');

/** A sibling named by a position: a space or a collection. */
export const SiblingRefSchema = z.discriminatedUnion('type', [SpacePointerSchema, CollectionPointerSchema]);
export type SiblingRef = z.infer<typeof SiblingRefSchema>;

/**
 * Where to put a moved item among its new siblings. Both bounds may be given (they must then
 * be adjacent siblings); neither means "last".
 */
export const ContentPositionSchema = z
  .strictObject({
    /** The moved item goes right before this sibling. */
    before: SiblingRefSchema.optional().describe('The sibling the item is placed right before'),
    /** The moved item goes right after this sibling. */
    after: SiblingRefSchema.optional().describe('The sibling the item is placed right after'),
  })
  .describe('Where to place the item among its siblings; by default, last');
export type ContentPosition = z.infer<typeof ContentPositionSchema>;

/** The body of a move, shared by spaces and collections: a new parent and/or a position. */
export const moveTargetShape = {
  /** A collection of the same organization; null: the top level; absent: keep the parent. */
  parent: IdSchema.nullable()
    .optional()
    .describe('Id of the new parent collection; null for the top level; absent to keep the parent'),
  /** Among the new siblings; absent: last. */
  position: ContentPositionSchema.optional(),
};

/** A move must say where to: `.refine(...requiresParentOrPosition)`. */
export const requiresParentOrPosition: [
  check: (input: { parent?: unknown; position?: unknown }) => boolean,
  params: { message: string; path: string[] },
] = [
  (input) => input.parent !== undefined || input.position !== undefined,
  { message: 'give a parent, a position, or both', path: ['parent'] },
];
