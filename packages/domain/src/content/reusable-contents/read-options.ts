/**
 * GitBook's `dereferenced` and `evaluated` read options of a document. Both accept their
 * strings too (`"true"`, `"false"`), so a query string means the same on every face.
 */
import { z } from 'zod';
import type { ResolveOptions } from './resolved-document';

export const resolveReadShape = {
  evaluated: z
    .union([z.boolean(), z.enum(['true', 'false', 'deterministic-only'])])
    .optional()
    .describe(
      'Evaluate expressions ({{ space.vars.x }}, {{ page.vars.x }}) into text: true, or deterministic-only (the same here, since variables are the only inputs). Default false',
    ),
  dereferenced: z
    .union([z.boolean(), z.enum(['true', 'false', 'reusable-contents'])])
    .optional()
    .describe(
      'Replace reusable-content blocks by the blocks of the reusable content they include (in markdown, each include line by its markdown): true, or reusable-contents (the same here). Default false',
    ),
};

export interface ResolveReadInput {
  evaluated?: boolean | 'true' | 'false' | 'deterministic-only' | undefined;
  dereferenced?: boolean | 'true' | 'false' | 'reusable-contents' | undefined;
}

export function resolveOptionsOf(input: ResolveReadInput): ResolveOptions {
  return {
    evaluated:
      input.evaluated === true || input.evaluated === 'true' || input.evaluated === 'deterministic-only',
    dereferenced:
      input.dereferenced === true ||
      input.dereferenced === 'true' ||
      input.dereferenced === 'reusable-contents',
  };
}
