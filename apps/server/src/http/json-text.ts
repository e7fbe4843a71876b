/**
 * JSON request bodies, parsed the same way on every face: empty text is no body, and keys
 * that would reach a prototype (`__proto__`, `constructor.prototype`, escaped or not) are
 * refused, so no request can rename a resource through `{"__proto__": {...}}`
 * (secure-json-parse, the parser Fastify itself uses, which scans only suspect texts).
 */
import secureJson from 'secure-json-parse';

const PROTOTYPE_REFUSAL = 'Object contains forbidden prototype property';

export type JsonText =
  | { ok: true; value: unknown }
  /** What is wrong, to follow "The request body" (REST) or "body"/"input" (tRPC). */
  | {
      ok: false;
      problem: 'is not valid JSON' | 'has prototype keys (__proto__, constructor), which are not accepted';
    };

export function parseJsonText(text: string): JsonText {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return {
      ok: true,
      value: secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }),
    };
  } catch (error) {
    if ((error as Error).message === PROTOTYPE_REFUSAL) {
      return { ok: false, problem: 'has prototype keys (__proto__, constructor), which are not accepted' };
    }
    return { ok: false, problem: 'is not valid JSON' };
  }
}
