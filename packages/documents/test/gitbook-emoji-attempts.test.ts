/**
 * The emoji construct's failed attempts cost what they read (issue 27, bad input): a `:` not
 * followed by a name reads only the longest beginning it shares with one of the names, so text
 * full of colons (times, ratios, `a:b:c`) reads each character a bounded number of times.
 * Counted as the characters the construct consumes, through micromark's construct interface.
 */
import { describe, expect, it } from 'vitest';
import { gitbookEmojiSyntax } from '../src/gitbook-emoji';
import { markdownToDocument } from '../src/to-document';

type State = (code: number | null) => State | undefined;

/** Runs the construct over `text` (starting at its `:`); answers whether it matched and what it consumed. */
function attempt(text: string): { matched: boolean; consumed: number } {
  let consumed = 0;
  let outcome: boolean | undefined;
  const effects = { enter: () => undefined, exit: () => undefined, consume: () => void consumed++ };
  const ok: State = () => {
    outcome = true;
    return undefined;
  };
  const nok: State = () => {
    outcome = false;
    return undefined;
  };
  const construct = gitbookEmojiSyntax.text[58];
  let state: State | undefined = (construct.tokenize as (e: unknown, ok: State, nok: State) => State)(
    effects,
    ok,
    nok,
  );
  for (let index = 0; index <= text.length && state !== undefined && outcome === undefined; index++)
    state = state(index < text.length ? text.charCodeAt(index) : null);
  return { matched: outcome === true, consumed };
}

describe('the emoji construct', () => {
  it('matches a name it knows', () => {
    expect(attempt(':tada: ok')).toEqual({ matched: true, consumed: 6 });
  });

  it('fails at the first character no name goes on with, whatever follows', () => {
    // `q` starts no name beyond `q`... whatever the table holds, `qqq` starts none.
    expect(attempt(':qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq:')).toMatchObject({ matched: false });
    expect(attempt(':qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq:').consumed).toBeLessThanOrEqual(3);
    expect(attempt(':tadax:').consumed).toBeLessThanOrEqual(5);
    expect(attempt(':xqxq1234567890abcdefghij:').consumed).toBeLessThanOrEqual(3);
  });

  it('reads a page of colons and near-names as text', () => {
    const page = ':qqqqqqqqqq:tad:12:30 a:xq:c '.repeat(200);
    const text = JSON.stringify(markdownToDocument(page));
    expect(text).not.toContain('"emoji"');
  });
});
