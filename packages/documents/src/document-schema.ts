import { z } from 'zod';
import { isContentRefId } from './content-ref';
import { DOCUMENT_TEXT_COLORS, type DocumentTextColor, type JSONDocument } from './document-types';
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
/** A value written inside a tag or an attribute: one line. */
const line = (max = 1_000) =>
  z
    .string()
    .max(max)
    .refine((value) => !/[\r\n]/.test(value), 'one line, without line breaks');
const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'lowercase letters, digits and -');
const color = z.enum(DOCUMENT_TEXT_COLORS as [DocumentTextColor, ...DocumentTextColor[]]);

const markSchema = z.discriminatedUnion('type', [
  z.strictObject({
    object: z.literal('mark'),
    type: z.enum(['bold', 'italic', 'strikethrough', 'code', 'keyboard', 'superscript', 'subscript']),
  }),
  z.strictObject({
    object: z.literal('mark'),
    type: z.literal('color'),
    data: z.strictObject({ text: color, background: color }),
  }),
]);
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
const openApiRef = z.strictObject({
  kind: z.literal('openapi'),
  spec: z
    .string()
    .refine(
      isOpenApiSpecSlug,
      'the slug of an OpenAPI spec: lowercase letters and digits in words joined by single "-", at most 100 characters',
    ),
});
const method = z.enum(OPENAPI_METHODS, {
  error: 'an HTTP method in lower case: ' + OPENAPI_METHODS.join(', '),
});
const openApiPath = z
  .string()
  .refine(isOpenApiPath, 'a path of the spec, starting with "/", without spaces or quotes');
const length = z.union([
  z.number().min(0).max(100_000),
  z.strictObject({ unit: z.string().regex(/^(?:%|[a-z]{1,8})$/), value: z.number().min(0).max(100_000) }),
]);

const inline = <T extends string>(type: T) => ({ object: z.literal('inline'), type: z.literal(type), key });
const inlineImageSchema = z.strictObject({
  ...inline('inline-image'),
  isVoid: z.literal(true),
  data: z.strictObject({
    ref: imageRef,
    refDark: imageRef.optional(),
    alt: z.string().optional(),
    caption: z.string().optional(),
    size: z.enum(['original', 'line']).optional(),
  }),
});
const linkSchema = z.strictObject({
  ...inline('link'),
  isVoid: z.literal(false).optional(),
  data: z.strictObject({ ref: linkRef }),
  nodes: z.array(z.union([textSchema, inlineImageSchema])),
});
const voidInlines = [
  z.strictObject({
    ...inline('emoji'),
    isVoid: z.literal(true),
    data: z.strictObject({
      code: z
        .string()
        .regex(/^[0-9a-f]{1,6}(?:-[0-9a-f]{1,6}){0,15}$/, 'hexadecimal code points joined by -'),
    }),
  }),
  z.strictObject({
    ...inline('icon'),
    isVoid: z.literal(true),
    data: z.strictObject({ icon: slug, color: color.optional() }),
  }),
  z.strictObject({
    ...inline('expression'),
    isVoid: z.literal(true),
    data: z.strictObject({
      expression: line().refine(
        (value) => /^[^{}]*\S[^{}]*$/.test(value) && value.trim() === value,
        'an expression without braces or surrounding spaces',
      ),
    }),
  }),
  z.strictObject({
    ...inline('inline-math'),
    isVoid: z.literal(true),
    data: z.strictObject({
      formula: line(10_000).refine(
        (value) => !value.includes('$$') && value.trim() === value && value !== '',
        'a formula without $$ or surrounding spaces',
      ),
    }),
  }),
  z.strictObject({
    ...inline('mention'),
    isVoid: z.literal(true),
    // A member is mentioned by user id (GitBook's `ContentRefUser`), written as GitBook writes it.
    data: z.strictObject({
      ref: z.union([linkRef, z.strictObject({ kind: z.literal('user'), user: id })]),
    }),
  }),
  z.strictObject({
    ...inline('button'),
    isVoid: z.literal(true),
    data: z
      .strictObject({
        label: line(256).refine((value) => value.trim() !== '', 'a label'),
        kind: z.enum(['primary', 'secondary']),
        size: z.enum(['small', 'medium', 'large']).optional(),
        icon: slug.optional(),
        ref: linkRef.optional(),
        action: z
          .discriminatedUnion('action', [
            z.strictObject({ action: z.literal('search'), query: line().optional() }),
            z.strictObject({ action: z.literal('ask'), query: line().optional() }),
            z.strictObject({
              action: z.literal('select'),
              slug: line(256).refine((value) => value !== '', 'a slug'),
            }),
          ])
          .optional(),
      })
      .refine(
        (data) => (data.ref === undefined) !== (data.action === undefined),
        'a ref or an action, one of them',
      ),
  }),
] as const;
const annotationSchema: Schema = z.lazy(() =>
  z.strictObject({
    ...inline('annotation'),
    isVoid: z.literal(false),
    data: empty.optional(),
    nodes: z.array(textSchema),
    fragments: z.array(
      z.strictObject({
        object: z.literal('fragment'),
        key,
        fragment: z.string().min(1).max(256),
        type: z.literal('annotation-body').optional(),
        nodes: z.array(z.discriminatedUnion('type', [...essentials, codeSchema])),
      }),
    ),
  }),
);
/** Text or inline, told apart by `object` then `type`, so an error names the right field. */
const inlineContent = z.discriminatedUnion('object', [
  textSchema,
  z.discriminatedUnion('type', [linkSchema, inlineImageSchema, ...voidInlines, annotationSchema as never]),
]);

const empty = z.strictObject({});
const block = <T extends string>(type: T) => ({ object: z.literal('block'), type: z.literal(type), key });

const paragraphSchema = z.strictObject({
  ...block('paragraph'),
  isVoid: z.literal(false).optional(),
  data: z.strictObject({ align: z.enum(['start', 'center', 'end']).optional() }).optional(),
  nodes: z.array(inlineContent),
});
const headingSchema = z.strictObject({
  object: z.literal('block'),
  type: z.enum(['heading-1', 'heading-2', 'heading-3']),
  key,
  isVoid: z.literal(false).optional(),
  data: z
    .strictObject({ id: z.string().optional(), align: z.enum(['start', 'center', 'end']).optional() })
    .optional(),
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
  data: z
    .strictObject({
      syntax: z.string().max(256).optional(),
      title: line(256).optional(),
      overflow: z.enum(['scroll', 'wrap']).optional(),
      lineNumbers: z.boolean().optional(),
      fullWidth: z.boolean().optional(),
      expandable: z.boolean().optional(),
      collapsedLineCount: z.number().int().min(1).max(100_000).optional(),
    })
    .optional(),
  nodes: z.array(
    z.strictObject({
      ...block('code-line'),
      isVoid: z.literal(false).optional(),
      data: z.strictObject({ highlighted: z.boolean().optional() }).optional(),
      nodes: z.array(textSchema),
    }),
  ),
});
const paragraphFragment = z.strictObject({
  object: z.literal('fragment'),
  key,
  fragment: z.string().min(1).max(256),
  type: z.string().optional(),
  nodes: z.array(paragraphSchema),
});
const imageSchema = z.strictObject({
  ...block('image'),
  isVoid: z.literal(true).optional(),
  data: z.strictObject({
    ref: imageRef,
    refDark: imageRef.optional(),
    alt: z.string().optional(),
    width: length.optional(),
    height: length.optional(),
  }),
  fragments: z.array(paragraphFragment).optional(),
});
const imagesSchema = z.strictObject({
  ...block('images'),
  isVoid: z.literal(false).optional(),
  data: z
    .strictObject({
      align: z.enum(['center', 'left', 'right']).optional(),
      fullWidth: z.boolean().optional(),
      withFrame: z.boolean().optional(),
    })
    .optional(),
  nodes: z.array(imageSchema),
});
/** A cell's value; an array holds file ids (files) or option values (select), see `tableValuesIssue`. */
const tableValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(line(256)).max(1_000),
  linkRef,
]);
const textDefinition = z.strictObject({
  id: z.string(),
  title: z.string(),
  type: z.literal('text'),
  textAlignment: z.enum(['left', 'center', 'right']).optional(),
  verticalAlignment: z.enum(['top', 'middle', 'bottom']).optional(),
});
/** GitBook's select column: its options, a cell's value the chosen options' values. */
const selectDefinition = z.strictObject({
  id: z.string(),
  title: z.string(),
  type: z.literal('select'),
  multiple: z.boolean().optional(),
  options: z.array(z.strictObject({ value: line(256), label: line(256), color: line(64) })).max(1_000),
});
const definitions = z.record(
  z.string(),
  z.union([
    textDefinition,
    selectDefinition,
    z.strictObject({
      id: z.string(),
      title: z.string(),
      type: z.enum(['content-ref', 'files', 'image', 'number', 'checkbox']),
    }),
  ]),
);
/** File ids must be ids (an array under a files column); other arrays only under select columns. */
function tableValuesIssue(data: {
  records: Record<string, { values: Record<string, unknown> }>;
  definition: Record<string, { type: string }>;
}): string | undefined {
  for (const record of Object.values(data.records)) {
    for (const [column, value] of Object.entries(record.values)) {
      if (!Array.isArray(value)) continue;
      const type = data.definition[column]?.type;
      if (type === 'files' && value.every((file) => isContentRefId(file))) continue;
      if (type === 'select') continue;
      return 'a list of values only in a files column (file ids) or a select column';
    }
  }
  return undefined;
}
const records = z.record(
  z.string(),
  z.strictObject({ orderIndex: z.string(), values: z.record(z.string(), tableValue) }),
);
const gridData = z.strictObject({
  view: z.strictObject({
    type: z.literal('grid'),
    columns: z.array(z.string()),
    hideHeader: z.boolean().optional(),
    columnWidths: z.record(z.string(), z.number().nonnegative().max(100_000)).optional(),
  }),
  records,
  definition: definitions,
  fullWidth: z.boolean().optional(),
  search: z.boolean().optional(),
});
/** GitBook's cards: written as `<table data-view="cards">`, column types with a cell form. */
const cardsData = z.strictObject({
  view: z.strictObject({
    type: z.literal('cards'),
    cardSize: z.enum(['medium', 'large']),
    columns: z.array(z.string()),
    targetDefinition: z.string().optional(),
    coverDefinition: z.string().optional(),
    coverDefinitionDark: z.string().optional(),
    hideColumnTitle: z.literal(true).optional(),
    wrap: z.boolean().optional(),
  }),
  records,
  definition: definitions,
  fullWidth: z.boolean().optional(),
  search: z.boolean().optional(),
});
/** A grid (GFM table) or cards, told apart by the view's type. */
const tableBlock = z.strictObject({
  ...block('table'),
  isVoid: z.literal(true).optional(),
  data: z.custom<unknown>().superRefine((value, ctx) => {
    const view = (value as { view?: { type?: unknown } } | null)?.view?.type;
    const result = (view === 'cards' ? cardsData : gridData).safeParse(value);
    for (const issue of result.error?.issues ?? []) ctx.addIssue({ ...issue, input: value } as never);
    const values = result.success ? tableValuesIssue(result.data) : undefined;
    if (values !== undefined)
      ctx.addIssue({ code: 'custom', message: values, path: ['records'], input: value });
  }),
  // A cell's blocks: GitBook's HTML tables hold paragraphs, headings, lists and code in cells.
  fragments: z.array(z.lazy(() => cellFragment)).optional(),
});

const voidBlock = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.strictObject({ ...block(type), isVoid: z.literal(true).optional(), data });

const openApiOperationSchema = voidBlock(
  'openapi-operation',
  z.strictObject({ ref: openApiRef, path: openApiPath, method, headless: z.boolean().optional() }),
);
const swaggerSchema = voidBlock(
  'swagger',
  z.strictObject({
    ref: imageRef,
    path: openApiPath,
    method,
    expanded: z.boolean().optional(),
    fullWidth: z.boolean().optional(),
  }),
);
const openApiSchemasSchema = voidBlock(
  'openapi-schemas',
  z.strictObject({
    ref: openApiRef,
    schemas: z
      .array(z.string().regex(/^[^\s,"'\\]{1,256}$/, 'a schema name without spaces, commas or quotes'))
      .min(1),
    grouped: z.boolean().optional(),
    title: line(256).optional(),
  }),
);
const openApiWebhookSchema = voidBlock(
  'openapi-webhook',
  z.strictObject({ ref: openApiRef, name: line(256).refine((value) => value !== ''), method }),
);
const mathSchema = voidBlock(
  'math',
  z.strictObject({
    formula: z
      .string()
      .min(1)
      .refine(
        (value) => !value.includes('$$') && value.trim() === value,
        'a formula without $$ or surrounding blank space',
      ),
  }),
);
const embedSchema = voidBlock(
  'embed',
  z.strictObject({ url: line(4_000).refine((value) => value !== ''), fullWidth: z.boolean().optional() }),
);
const fileSchema = voidBlock('file', z.strictObject({ ref: fileRef }));
const drawingSchema = voidBlock('drawing', z.strictObject({ ref: fileRef.optional() }));
const contentRefSchema = voidBlock('content-ref', z.strictObject({ ref: linkRef }));
const reusableContentSchema = z
  .strictObject({
    ...block('reusable-content'),
    isVoid: z.literal(true).optional(),
    data: z.strictObject({
      ref: z.strictObject({ kind: z.literal('reusable-content'), reusableContent: line(1_000) }),
    }),
    path: line(1_000).optional(),
  })
  .refine(
    (value) =>
      value.path === undefined
        ? isContentRefId(value.data.ref.reusableContent)
        : value.path === value.data.ref.reusableContent,
    'a reusable content id, or its Git Sync path as both `path` and `reusableContent`',
  );
const integrationSchema = voidBlock(
  'integration',
  z.strictObject({
    integration: slug,
    block: slug,
    // Any JSON value (bounded by the walk above); strings of one line are tag attributes.
    props: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), z.json()),
  }),
);

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
const cellFragment = z.strictObject({
  object: z.literal('fragment'),
  key,
  fragment: z.string().min(1).max(256),
  type: z.string().optional(),
  nodes: z.array(z.discriminatedUnion('type', [...essentials, codeSchema])),
});

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
  data: z.strictObject({ style: z.enum(['info', 'warning', 'danger', 'success']), icon: slug.optional() }),
  nodes: z.array(z.discriminatedUnion('type', [...essentials, tableBlock, embedSchema, integrationSchema])),
});
const listItemContent: Schema = z.lazy(() =>
  z.discriminatedUnion('type', [
    ...essentials,
    codeSchema,
    hintSchema,
    quoteSchema as never,
    mathSchema,
    tableBlock,
    // Images in a list item: not in GitBook's published types, but GitBook writes them.
    imagesSchema,
  ]),
);
const promptSchema = z.strictObject({
  ...block('prompt'),
  isVoid: z.literal(false).optional(),
  data: z.strictObject({
    description: line(),
    icon: slug.optional(),
    openInAIProviders: z.boolean().optional(),
    defaultExpanded: z.enum(['hidden', 'partial', 'full']).optional(),
  }),
  nodes: z.tuple([codeSchema]),
});

/** The blocks a tab, a step, a column, an update hold (GitBook's lists, see `to-document.ts`). */
const inTab = [
  ...essentials,
  contentRefSchema,
  codeSchema,
  embedSchema,
  fileSchema,
  imagesSchema,
  drawingSchema,
  hintSchema,
  promptSchema,
  quoteSchema as never,
  mathSchema,
  integrationSchema,
] as const;

const expandableSchema: Schema = z.lazy(() =>
  z.strictObject({
    ...block('expandable'),
    isVoid: z.literal(true).optional(),
    data: z.strictObject({ defaultExpanded: z.boolean().optional() }).optional(),
    fragments: z.tuple([
      z.strictObject({
        object: z.literal('fragment'),
        key,
        fragment: z.literal('expandable-title'),
        type: z.literal('expandable-title').optional(),
        nodes: z.tuple([paragraphSchema]),
      }),
      z.strictObject({
        object: z.literal('fragment'),
        key,
        fragment: z.literal('expandable-body'),
        type: z.literal('expandable-body').optional(),
        nodes: z.array(
          z.discriminatedUnion('type', [
            ...essentials,
            fileSchema,
            imagesSchema,
            codeSchema,
            tableBlock,
            hintSchema,
            promptSchema,
            quoteSchema as never,
            reusableContentSchema as never,
            integrationSchema,
          ]),
        ),
      }),
    ]),
  }),
);
const tabsSchema = z.strictObject({
  ...block('tabs'),
  isVoid: z.literal(false).optional(),
  data: z.strictObject({ fullWidth: z.boolean().optional() }).optional(),
  nodes: z
    .array(
      z.strictObject({
        ...block('tabs-item'),
        isVoid: z.literal(false).optional(),
        data: z
          .strictObject({ title: line(256).optional(), icon: slug.optional(), slug: line(256).optional() })
          .optional(),
        // Tables and steppers in a tab: not in GitBook's published types, but GitBook writes them.
        nodes: z.array(
          z.lazy((): Schema => z.discriminatedUnion('type', [...inTab, tableBlock, stepperSchema as never])),
        ),
      }),
    )
    .min(1),
});
const stepperSchema = z.strictObject({
  ...block('stepper'),
  isVoid: z.literal(false).optional(),
  data: empty.optional(),
  nodes: z
    .array(
      z.strictObject({
        ...block('stepper-step'),
        isVoid: z.literal(false).optional(),
        data: z.strictObject({ icon: slug.optional() }).optional(),
        // Tabs and tables in a step: not in GitBook's published types, but GitBook writes them.
        nodes: z.array(
          z.discriminatedUnion('type', [...inTab, expandableSchema as never, tabsSchema, tableBlock]),
        ),
      }),
    )
    .min(1),
});
const columnsSchema = z.strictObject({
  ...block('columns'),
  isVoid: z.literal(false).optional(),
  data: z.strictObject({ fullWidth: z.boolean().optional() }).optional(),
  nodes: z
    .array(
      z.strictObject({
        ...block('column'),
        isVoid: z.literal(false).optional(),
        data: z
          .strictObject({
            width: length.optional(),
            verticalAlignment: z.enum(['top', 'middle', 'bottom']).optional(),
          })
          .optional(),
        nodes: z.array(
          z.discriminatedUnion('type', [
            ...inTab,
            tableBlock,
            expandableSchema as never,
            stepperSchema,
            tabsSchema,
          ]),
        ),
      }),
    )
    .min(1),
});
const updatesSchema = z.strictObject({
  ...block('updates'),
  isVoid: z.literal(false).optional(),
  data: z.strictObject({ format: z.enum(['numeric', 'full', 'short']) }),
  nodes: z.array(
    z.strictObject({
      ...block('update'),
      isVoid: z.literal(false).optional(),
      data: z.strictObject({
        date: line(64).refine(
          (value) => /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value),
          'an ISO date',
        ),
        tags: z
          .array(z.strictObject({ kind: z.literal('tag'), tag: slug }))
          .min(1)
          .optional(),
      }),
      nodes: z.array(z.discriminatedUnion('type', [...inTab, tabsSchema, expandableSchema as never])),
    }),
  ),
});

const topLevelTypes = [
  ...essentials,
  quoteSchema as never,
  hintSchema,
  promptSchema,
  imagesSchema,
  fileSchema,
  drawingSchema,
  embedSchema,
  codeSchema,
  mathSchema,
  expandableSchema as never,
  tabsSchema,
  tableBlock,
  swaggerSchema,
  openApiOperationSchema,
  openApiSchemasSchema,
  openApiWebhookSchema,
  contentRefSchema,
  integrationSchema,
  reusableContentSchema as never,
  stepperSchema,
  columnsSchema,
  updatesSchema,
] as const;

const ifSchema: Schema = z.lazy(() =>
  z.strictObject({
    ...block('if'),
    isVoid: z.literal(false).optional(),
    data: z.strictObject({
      expression: line().refine((value) => value.trim() !== '' && value.trim() === value, 'an expression'),
    }),
    nodes: z.array(topLevelBlock),
  }),
);

const topLevelBlock: Schema = z.lazy(() =>
  z.discriminatedUnion('type', [...topLevelTypes, ifSchema as never]),
);

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
