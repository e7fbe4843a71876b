/**
 * What one page of a PDF takes in through its includes. A reusable content may include
 * others, each several times, eight deep: four includes a level drew 65,536 copies of the
 * last one from a few hundred bytes, and a page including a 1 MB reusable content 200 times
 * drew 200 MB of text, holding a job thread for its whole time limit. The content reads stop
 * at the same bounds (the domain's `MAX_INCLUSIONS` and `MAX_INCLUDED_CHARS`,
 * `content/reusable-contents/resolved-document.ts`; the drawing thread does not load the
 * domain), so a PDF shows what a page read shows: past them, the include is a note.
 */

/** Inclusions drawn in one page, at any depth. */
export const MAX_INCLUSIONS = 200;
/** Markdown taken in through includes in one page, in characters. */
export const MAX_INCLUDED_CHARS = 1_000_000;

/** One page's count of what its includes took in so far. */
export class IncludeBudget {
  #inclusions = 0;
  #chars = 0;

  /** Why no further inclusion may be drawn, before its markdown is read; undefined while one may. */
  spent(): string | undefined {
    return this.#inclusions >= MAX_INCLUSIONS ? `more than ${MAX_INCLUSIONS} inclusions` : undefined;
  }

  /** Counts an inclusion of `chars` characters; why it may not be drawn when it does not fit (not counted then). */
  take(chars: number): string | undefined {
    const spent = this.spent();
    if (spent !== undefined) return spent;
    if (this.#chars + chars > MAX_INCLUDED_CHARS)
      return `more than ${MAX_INCLUDED_CHARS} characters included`;
    this.#inclusions += 1;
    this.#chars += chars;
    return undefined;
  }
}
