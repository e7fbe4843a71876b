/**
 * A document page's cover (GitBook's `RevisionPageDocumentCover`): an image shown across the
 * top of the page, from a file of the space or an address on the web (`ref`, and `refDark`
 * for the dark theme), moved up or down inside its frame (`yPos`, pixels) and as tall as
 * `height` (10 to 700 pixels; absent: GitBook's 240). GitBook 0.202.0's `update_page` takes
 * no cover; Quire's `update_page` takes `cover` (null removes it), in GitBook's shape.
 */
import { z } from 'zod';
import { IdSchema } from '../../core/schemas';

/** Where a cover's image is: a file of the space, or an address on the web (GitBook's `ContentRefFile`, `ContentRefURL`). */
export type CoverRef = { kind: 'file'; file: string } | { kind: 'url'; url: string };

export interface PageCover {
  ref: CoverRef;
  refDark?: CoverRef;
  textColor?: 'black' | 'white';
  textColorDark?: 'black' | 'white';
  yPos: number;
  height?: number;
}

/** GitBook's default height of a cover, in pixels. */
export const DEFAULT_COVER_HEIGHT = 240;
/** How far a cover's image may be moved inside its frame: beyond any image's height. */
const MAX_Y_POS = 100_000;

const CoverRefInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('file'),
    file: IdSchema.describe('Id of a file of the space (or the `ref` of a file the batch inserts)'),
  }),
  z.strictObject({
    kind: z.literal('url'),
    url: z
      .string()
      .max(2048)
      .regex(/^https?:\/\/[^\s]+$/i, 'an http or https address')
      .describe('The address of the image'),
  }),
]);
const TextColorSchema = z.enum(['black', 'white']);

/** The cover `update_page` takes: GitBook's shape, bounded. */
export const PageCoverInputSchema = z
  .strictObject({
    ref: CoverRefInputSchema.describe('The image'),
    refDark: CoverRefInputSchema.optional().describe('The image in the dark theme'),
    textColor: TextColorSchema.optional().describe('Colour of the text over the cover'),
    textColorDark: TextColorSchema.optional().describe('Colour of the text over the cover in the dark theme'),
    yPos: z
      .number()
      .min(-MAX_Y_POS)
      .max(MAX_Y_POS)
      .describe('Vertical position of the image in its frame, in pixels (0: its top at the top)'),
    height: z.number().min(10).max(700).optional().describe('Height of the cover in pixels (default 240)'),
  })
  .meta({ examples: [{ ref: { kind: 'url', url: 'https://example.com/cover.png' }, yPos: 0 }] });

const CoverRefSchema = z.union([
  z.object({ kind: z.literal('file'), file: z.string().describe('Id of the file') }),
  z.object({ kind: z.literal('url'), url: z.string().describe('The address') }),
]);

/** The cover a page read from the API has. */
export const PageCoverSchema = z
  .object({
    ref: CoverRefSchema.describe('The image: a file of the space or an address'),
    refDark: CoverRefSchema.optional().describe('The image in the dark theme'),
    textColor: TextColorSchema.optional().describe('Colour of the text over the cover'),
    textColorDark: TextColorSchema.optional().describe('Colour of the text over the cover in the dark theme'),
    yPos: z.number().describe('Vertical position of the image in its frame, in pixels'),
    height: z.number().optional().describe('Height of the cover in pixels (absent: 240)'),
  })
  .meta({ id: 'RevisionPageDocumentCover', description: "A document page's cover image" });

const orderedRef = (ref: CoverRef): CoverRef =>
  ref.kind === 'file' ? { kind: 'file', file: ref.file } : { kind: 'url', url: ref.url };

/** A cover with its keys in one fixed order (a page object's address depends on it). */
export function orderedCover(cover: PageCover): PageCover {
  return {
    ref: orderedRef(cover.ref),
    ...(cover.refDark !== undefined ? { refDark: orderedRef(cover.refDark) } : {}),
    ...(cover.textColor !== undefined ? { textColor: cover.textColor } : {}),
    ...(cover.textColorDark !== undefined ? { textColorDark: cover.textColorDark } : {}),
    yPos: cover.yPos,
    ...(cover.height !== undefined ? { height: cover.height } : {}),
  };
}

/** A cover as one value (its JSON, keys in order): how the merge and comparisons see it. */
export const coverValue = (cover: PageCover | undefined): string | undefined =>
  cover === undefined ? undefined : JSON.stringify(orderedCover(cover));

/** A cover whose file refs name files the batch inserts (`ref`) made to name their ids. */
export function coverWithFileIds(cover: PageCover, fileIds: ReadonlyMap<string, string>): PageCover {
  const resolved = (ref: CoverRef): CoverRef =>
    ref.kind === 'file' ? { kind: 'file', file: fileIds.get(ref.file) ?? ref.file } : ref;
  return orderedCover({
    ...cover,
    ref: resolved(cover.ref),
    ...(cover.refDark !== undefined ? { refDark: resolved(cover.refDark) } : {}),
  });
}
