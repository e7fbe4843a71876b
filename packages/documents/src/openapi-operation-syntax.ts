import type { Node, Root, RootContent } from 'mdast';
import type { Options as StringifyOptions } from 'remark-stringify';
import { isOpenApiMethod, isOpenApiPath, isOpenApiSpecSlug, type OpenApiMethod } from './openapi-operation';

type Handle = NonNullable<NonNullable<StringifyOptions['handlers']>['openapiOperation']>;

/**
 * GitBook's OpenAPI operation block in markdown (its Git Sync form):
 *
 *     {% openapi-operation spec="petstore" path="/pets" method="get" %}
 *     [OpenAPI petstore](https://…the spec's URL…)
 *     {% endopenapi-operation %}
 *
 * as an mdast node of its own (`openapiOperation`, no children), read from top-level
 * paragraphs only (GitBook allows the block at the top level only).
 *
 * Read form: the whole paragraph, taken from the source (so no markdown inside the path can
 * change it): the opening tag with `spec`, `path` and `method` (each once, any order, valid by
 * `openapi-operation.ts`), an optional line holding one link (GitBook's pointer to the spec
 * for readers of the raw file), the closing tag. Anything else stays a paragraph of text.
 *
 * Printed form (canonical): the opening tag and the closing tag, without the link line. The
 * link names the spec's URL, which this package does not know (it depends on the server's
 * address and the spec's newest upload) and which the block's data does not hold: the link
 * is dropped on read and never printed, so one block has one text.
 */

export interface OpenApiOperation extends Node {
  type: 'openapiOperation';
  spec: string;
  path: string;
  method: OpenApiMethod;
}

declare module 'mdast' {
  interface RootContentMap {
    openapiOperation: OpenApiOperation;
  }
  interface BlockContentMap {
    openapiOperation: OpenApiOperation;
  }
}

const closingTag = '{% endopenapi-operation %}';
const openingStart = '{% openapi-operation ';
const openingEnd = ' %}';

export function openApiOperationTag(pointer: Pick<OpenApiOperation, 'spec' | 'path' | 'method'>): string {
  return (
    openingStart +
    'spec="' +
    pointer.spec +
    '" path="' +
    pointer.path +
    '" method="' +
    pointer.method +
    '"' +
    openingEnd +
    '\n' +
    closingTag
  );
}

export const printOpenApiOperation: Handle = (node) => openApiOperationTag(node as OpenApiOperation);

/** `name="value"` pairs separated by single spaces, or undefined when the text is not that. */
function attributesOf(text: string): Map<string, string> | undefined {
  const attributes = new Map<string, string>();
  let rest = text;
  while (rest !== '') {
    const match = /^([a-z]+)="([^"\n]*)"(?: |$)/.exec(rest);
    if (match === null) return undefined;
    const [whole, name, value] = match as unknown as [string, string, string];
    if (attributes.has(name)) return undefined;
    attributes.set(name, value);
    rest = rest.slice(whole.length);
  }
  return attributes;
}

/** The pointer of an opening tag line, or undefined when it is not one (or not a valid one). */
function pointerOf(line: string): Omit<OpenApiOperation, 'type'> | undefined {
  if (!line.startsWith(openingStart) || !line.endsWith(openingEnd)) return undefined;
  const attributes = attributesOf(line.slice(openingStart.length, -openingEnd.length));
  if (attributes === undefined || attributes.size !== 3) return undefined;
  const spec = attributes.get('spec');
  const path = attributes.get('path');
  const method = attributes.get('method');
  if (spec === undefined || path === undefined || method === undefined) return undefined;
  if (!isOpenApiSpecSlug(spec) || !isOpenApiPath(path) || !isOpenApiMethod(method)) return undefined;
  return { spec, path, method };
}

/** One markdown link alone on its line: `[text](destination)`. */
const linkLine = /^\[[^\]\n]*\]\([^\n]*\)$/;

/** The block a paragraph's source spells, or undefined. */
export function openApiOperationOfSource(source: string): OpenApiOperation | undefined {
  const lines = source.split('\n');
  if (lines.length !== 2 && lines.length !== 3) return undefined;
  if (lines.at(-1) !== closingTag) return undefined;
  if (lines.length === 3 && !linkLine.test(lines[1]!)) return undefined;
  const pointer = pointerOf(lines[0]!);
  return pointer && { type: 'openapiOperation', ...pointer };
}

/** Replaces the top-level paragraphs that spell an OpenAPI operation block by its node. */
export function readOpenApiOperations(tree: Root, source: string): void {
  tree.children = tree.children.map((child): RootContent => {
    if (child.type !== 'paragraph') return child;
    const start = child.position?.start.offset;
    const end = child.position?.end.offset;
    if (start === undefined || end === undefined) return child;
    return openApiOperationOfSource(source.slice(start, end)) ?? child;
  });
}
