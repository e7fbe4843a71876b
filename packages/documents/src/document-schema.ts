import { z } from 'zod';
import { isContentRefId } from './content-ref';
import type { JSONDocument } from './document-types';
import { isOpenApiPath, isOpenApiSpecSlug, OPENAPI_METHODS } from './openapi-operation';

/**
 * The document tree accepted on write (`insert_page`/`update_page` with a tree): GitBook's
 * `JSONDocument`, restricted to the blocks Quire stores as markdown, strict (unknown keys
 * refused), and bounded so that a hostile tree cannot exhaust the stack or memory.
 *
 * The bounds are checked first by one iterative walk (no recursion over the input), before
 * the recursive schema ever sees the tree. Keys are accepted and ignored.
 */
export const documentLimits = {
  /**
   * Nesting of nodes (`nodes`/`fragments`/`leaves` levels), document = 0. Above what markdown
   * within `markdownLimits` reads into, so a tree produced on read can always be written back.
   */
  maxDepth: 64,
  /** Objects of any kind in the tree. */
  maxNodes: 50_000,
  /** Characters in one string (a leaf's text, a URL...). */
  maxTextLength: 100_000,
  /** Characters in all strings together. */
  maxTotalText: 2_000_000,
  /** Nesting of JSON values of any kind (objects and arrays), a backstop for `data` fields. */
  maxJsonDepth: 160,
} as const;

type PathSegment = string | number;

interface BoundsViolation {
  message: string;
  path: PathSegment[];
}

/** The first bound the tree breaks, found by an iterative walk (a deep tree cannot overflow it). */
function boundsViolationOf(value: unknown): BoundsViolation | undefined {
  const stack: Array<{ value: unknown; path: PathSegment[]; depth: number; json: number }> = [
    { value, path: [], depth: 0, json: 0 },
  ];
  let count = 0;
  let totalText = 0;
  while (stack.length > 0) {
    const { value: current, path, depth, json } = stack.pop()!;
    if (typeof current === 'string') {
      totalText += current.length;
      if (current.length > documentLimits.maxTextLength) {
        return { message: `text longer than ${documentLimits.maxTextLength} characters`, path };
      }
      if (totalText > documentLimits.maxTotalText) {
        return { message: `document text longer than ${documentLimits.maxTotalText} characters`, path };
      }
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    count += 1;
    if (count > documentLimits.maxNodes)
      return { message: `document has more than ${documentLimits.maxNodes} nodes`, path };
    if (json > documentLimits.maxJsonDepth) {
      return { message: `document nested deeper than ${documentLimits.maxJsonDepth} levels`, path };
    }
    if (depth > documentLimits.maxDepth)
      return { message: `nodes nested deeper than ${documentLimits.maxDepth} levels`, path };
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index += 1) {
        stack.push({ value: current[index], path: [...path, index], depth, json: json + 1 });
      }
      continue;
    }
    for (const [name, item] of Object.entries(current)) {
      const deeper = name === 'nodes' || name === 'fragments' || name === 'leaves';
      stack.push({ value: item, path: [...path, name], depth: deeper ? depth + 1 : depth, json: json + 1 });
    }
  }
  return undefined;
}

function checkBounds(value: unknown, ctx: z.core.$RefinementCtx<unknown>): void {
  const violation = boundsViolationOf(value);
  if (violation)
    ctx.addIssue({ code: 'custom', message: violation.message, path: violation.path, input: value });
}

const key = z.string().max(256).optional();
const id = z.string().refine(isContentRefId, 'an id of letters, digits, - and _');

const markSchema = z.strictObject({
  object: z.literal('mark'),
  type: z.enum(['bold', 'italic', 'strikethrough', 'code']),
});
const leafSchema = z.strictObject({
  object: z.literal('leaf'),
  text: z.string(),
  marks: z.array(markSchema),
});
const textSchema = z.strictObject({ object: z.literal('text'), key, leaves: z.array(leafSchema) });

const urlRef = z.strictObject({ kind: z.literal('url'), url: z.string().min(1) });
const fileRef = z.strictObject({ kind: z.literal('file'), file: id });
const imageRef = z.discriminatedUnion('kind', [urlRef, fileRef]);
const linkRef = z.discriminatedUnion('kind', [
  urlRef,
  fileRef,
  z.strictObject({ kind: z.literal('page'), page: id }),
  z.strictObject({ kind: z.literal('anchor'), anchor: z.string().min(1), page: id.optional() }),
]);

const inlineImageSchema = z.strictObject({
  object: z.literal('inline'),
  type: z.literal('inline-image'),
  key,
  isVoid: z.literal(true),
  data: z.strictObject({ ref: imageRef, alt: z.string().optional(), caption: z.string().optional() }),
});
const linkSchema = z.strictObject({
  object: z.literal('inline'),
  type: z.literal('link'),
  key,
  isVoid: z.literal(false).optional(),
  data: z.strictObject({ ref: linkRef }),
  nodes: z.array(z.union([textSchema, inlineImageSchema])),
});
/** Text or inline, told apart by `object` then `type`, so an error names the right field. */
const inlineContent = z.discriminatedUnion('object', [
  textSchema,
  z.discriminatedUnion('type', [linkSchema, inlineImageSchema]),
]);

const empty = z.strictObject({});
const block = <T extends string>(type: T) => ({ object: z.literal('block'), type: z.literal(type), key });

const paragraphSchema = z.strictObject({
  ...block('paragraph'),
  isVoid: z.literal(false).optional(),
  data: empty.optional(),
  nodes: z.array(inlineContent),
});
const headingSchema = z.strictObject({
  object: z.literal('block'),
  type: z.enum(['heading-1', 'heading-2', 'heading-3']),
  key,
  isVoid: z.literal(false).optional(),
  data: z.strictObject({ id: z.string().optional() }).optional(),
  nodes: z.array(inlineContent),
});
const dividerSchema = z.strictObject({
  ...block('divider'),
  isVoid: z.literal(true).optional(),
  data: empty.optional(),
});
const codeSchema = z.strictObject({
  ...block('code'),
  isVoid: z.literal(false).optional(),
  data: z.strictObject({ syntax: z.string().max(256).optional() }).optional(),
  nodes: z.array(
    z.strictObject({
      ...block('code-line'),
      isVoid: z.literal(false).optional(),
      data: empty.optional(),
      nodes: z.array(textSchema),
    }),
  ),
});
const fragmentSchema = z.strictObject({
  object: z.literal('fragment'),
  key,
  fragment: z.string().min(1).max(256),
  type: z.string().optional(),
  nodes: z.array(paragraphSchema),
});
const imageSchema = z.strictObject({
  ...block('image'),
  isVoid: z.literal(true).optional(),
  data: z.strictObject({ ref: imageRef, alt: z.string().optional() }),
  fragments: z.array(fragmentSchema).optional(),
});
const imagesSchema = z.strictObject({
  ...block('images'),
  isVoid: z.literal(false).optional(),
  data: empty.optional(),
  nodes: z.array(imageSchema),
});
const tableSchema = z.strictObject({
  ...block('table'),
  isVoid: z.literal(true).optional(),
  data: z.strictObject({
    view: z.strictObject({
      type: z.literal('grid'),
      columns: z.array(z.string()),
      hideHeader: z.boolean().optional(),
    }),
    records: z.record(
      z.string(),
      z.strictObject({ orderIndex: z.string(), values: z.record(z.string(), z.string().nullable()) }),
    ),
    definition: z.record(
      z.string(),
      z.strictObject({
        id: z.string(),
        title: z.string(),
        type: z.literal('text'),
        textAlignment: z.enum(['left', 'center', 'right']).optional(),
      }),
    ),
  }),
  fragments: z.array(fragmentSchema).optional(),
});

const openApiOperationSchema = z.strictObject({
  ...block('openapi-operation'),
  isVoid: z.literal(true).optional(),
  data: z.strictObject({
    ref: z.strictObject({
      kind: z.literal('openapi'),
      spec: z
        .string()
        .refine(
          isOpenApiSpecSlug,
          'the slug of an OpenAPI spec: lowercase letters and digits in words joined by single "-", at most 100 characters',
        ),
    }),
    path: z.string().refine(isOpenApiPath, 'a path of the spec, starting with "/", without spaces or quotes'),
    method: z.enum(OPENAPI_METHODS, { error: 'an HTTP method in lower case: ' + OPENAPI_METHODS.join(', ') }),
  }),
});

type Schema = z.ZodType<unknown>;

const listItemSchema: Schema = z.lazy(() =>
  z.strictObject({
    ...block('list-item'),
    isVoid: z.literal(false).optional(),
    data: z.strictObject({ checked: z.boolean().optional() }).optional(),
    nodes: z.array(listItemContent),
  }),
);
const listSchemas = [
  z.strictObject({
    ...block('list-ordered'),
    isVoid: z.literal(false).optional(),
    data: z.strictObject({ start: z.number().int().min(0).max(999_999_999).optional() }).optional(),
    nodes: z.array(listItemSchema),
  }),
  z.strictObject({
    ...block('list-unordered'),
    isVoid: z.literal(false).optional(),
    data: empty.optional(),
    nodes: z.array(listItemSchema),
  }),
  z.strictObject({
    ...block('list-tasks'),
    isVoid: z.literal(false).optional(),
    data: empty.optional(),
    nodes: z.array(listItemSchema),
  }),
] as const;
const essentials = [paragraphSchema, headingSchema, dividerSchema, ...listSchemas] as const;

const quoteSchema: Schema = z.lazy(() =>
  z.strictObject({
    ...block('blockquote'),
    isVoid: z.literal(false).optional(),
    data: empty.optional(),
    nodes: z.array(z.discriminatedUnion('type', [...essentials, quoteSchema as never])),
  }),
);
const hintSchema = z.strictObject({
  ...block('hint'),
  isVoid: z.literal(false).optional(),
  data: z.strictObject({ style: z.enum(['info', 'warning', 'danger', 'success']) }),
  nodes: z.array(z.discriminatedUnion('type', [...essentials, tableSchema])),
});
const listItemContent: Schema = z.lazy(() =>
  z.discriminatedUnion('type', [...essentials, codeSchema, hintSchema, quoteSchema as never, tableSchema]),
);

const topLevelBlock = z.discriminatedUnion('type', [
  ...essentials,
  quoteSchema as never,
  hintSchema,
  imagesSchema,
  codeSchema,
  tableSchema,
  openApiOperationSchema,
]);

const documentTree = z.strictObject({
  object: z.literal('document'),
  data: z.strictObject({ schemaVersion: z.number().int().optional() }).optional(),
  nodes: z.array(topLevelBlock),
});

/** Validates a tree on write; on success the value is a `JSONDocument` (missing `data` filled in). */
export const jsonDocumentSchema = z
  .unknown()
  .superRefine(checkBounds)
  .pipe(documentTree)
  .transform((document) => ({ ...document, data: document.data ?? {} }) as JSONDocument);
