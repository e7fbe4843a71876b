/** Fields the ask operations share. */
import { z } from 'zod';

/**
 * GitBook's `format` (document or markdown): accepted, and the answer is always its markdown
 * form (`{markdown}`, one of GitBook's `Document` forms): a model writes markdown, and a
 * document read from it would be one more parse of untrusted text per event.
 */
export const AnswerFormatParam = z
  .enum(['document', 'markdown'])
  .optional()
  .describe('The form of the answer (Quire answers markdown either way)');
