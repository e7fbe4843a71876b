/** GitBook's `JSONDocument` as these reads answer it: the tree is the documents package's, checked when written. */
import { z } from 'zod';

export const DocumentSchema = z
  .record(z.string(), z.unknown())
  .describe('A GitBook document tree (object "document", data, nodes)');
