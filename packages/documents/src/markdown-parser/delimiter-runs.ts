/**
 * Emphasis, strong emphasis and GFM strikethrough: runs of `*`, `_` and `~` matched into
 * groups, as Quire's micromark reads them.
 *
 * - `*` and `_`: `linear-attention.ts`'s resolver (CommonMark's delimiter algorithm, its
 *   openers bottoms, its rule of 3, and its one bound: emphasis nested deeper than
 *   `maxEmphasisNesting` is not made), on the runs rather than on micromark's events.
 * - `~`: micromark-extension-gfm-strikethrough's resolver: a closing run of 1 or 2 tildes takes
 *   the nearest opening run of the same size before it.
 *
 * micromark runs each resolver over a whole span in turn, in the order its constructs were
 * first used in the paragraph (so `~a *b~ c*` depends on which came first), and inside a
 * group (and inside a link's text) strikethrough first, then emphasis. Here a run is a
 * `Delimiter`; runs are numbered in source order, and a span is a range of those numbers.
 * A group's inner runs are resolved when it is made and are dead from then on (their
 * characters are text); a pass walks the live runs only (`DelimiterRuns.nextLive`, a
 * union-find over the numbers), so each run is walked a bounded number of times.
 */

/** A group made of two runs' characters: its kind and its extent in source offsets. */
export interface DelimiterGroup {
  type: 'emphasis' | 'strong' | 'delete';
  start: number;
  end: number;
}

export interface Delimiter {
  /** `*` (42), `_` (95) or `~` (126). */
  marker: number;
  /** The run's source offsets. */
  start: number;
  end: number;
  canOpen: boolean;
  canClose: boolean;
  /** Characters used from the start by the groups this run closes. */
  closeUsed: number;
  /** Characters used from the end by the groups this run opens. */
  openUsed: number;
  /** Groups opened here, innermost first. */
  opens: DelimiterGroup[];
  /** Groups closed here, innermost first. */
  closes: DelimiterGroup[];
}

/** Emphasis nested deeper is not made: `linear-attention.ts`'s `maxEmphasisNesting`. */
export const maxEmphasisNesting = 48;

/** Steps of the passes, for the linear-time tests (counted, never timed). */
export const delimiterWork = { steps: 0 };

function sizeOf(run: Delimiter): number {
  return run.end - run.start - run.closeUsed - run.openUsed;
}

/** The runs of one content and which of them are still live. */
export class DelimiterRuns {
  readonly runs: Delimiter[] = [];
  /** Union-find: `next[i] === i` while run `i` is live, else a later number. */
  private readonly next: number[] = [];
  /**
   * Per run: the deepest emphasis nesting of the groups made before it (and after the live
   * run before it) that a pass does not walk itself: links, groups of an earlier pass. The
   * bound on nesting (`maxEmphasisNesting`) counts them, as micromark's resolver counts every
   * emphasis event between two runs.
   */
  private readonly carried: number[] = [];
  /** The deepest nesting made in or carried through the span being resolved. */
  private spanDepth = 0;

  /** Adds a run, after groups `depthBefore` deep (links made since the run before). */
  add(run: Delimiter, depthBefore: number): void {
    this.next.push(this.runs.length);
    this.carried.push(depthBefore);
    this.runs.push(run);
  }

  /** Adds to what run `index` carries (a link's depth, the run after it being `index`). */
  carry(index: number, depth: number): void {
    if (index < this.carried.length) this.carried[index] = Math.max(this.carried[index]!, depth);
  }

  /** Hands a group's depth to the next live run after `index`; the span keeps it either way. */
  private carryAfter(index: number, depth: number): void {
    this.spanDepth = Math.max(this.spanDepth, depth);
    this.carry(this.nextLive(index + 1), depth);
  }

  get length(): number {
    return this.runs.length;
  }

  /** Forgets the runs from `length` on (a link's text, resolved and dead). */
  truncate(length: number): void {
    this.runs.length = length;
    this.next.length = length;
    this.carried.length = length;
  }

  /** The first live run numbered `index` or more (`length` when none). */
  nextLive(index: number): number {
    let root = index;
    while (root < this.next.length && this.next[root] !== root) root = this.next[root]!;
    // Path compression.
    while (index < this.next.length && this.next[index] !== index) {
      const following = this.next[index]!;
      this.next[index] = root;
      index = following;
    }
    return root;
  }

  isLive(index: number): boolean {
    return index < this.next.length && this.next[index] === index;
  }

  kill(index: number): void {
    this.next[index] = index + 1;
  }

  /** Kills every live run in `[from, to)`. */
  killRange(from: number, to: number): void {
    for (let index = this.nextLive(from); index < to; index = this.nextLive(index + 1)) {
      delimiterWork.steps++;
      this.kill(index);
    }
  }

  /**
   * A link's text or the whole content: `strikeFirst` as micromark's spans do. Returns the
   * deepest emphasis nesting in the span (a link's, for the emphasis around it).
   */
  resolveSpan(from: number, to: number, strikeFirst: boolean): number {
    this.spanDepth = 0;
    for (let index = this.nextLive(from); index < to; index = this.nextLive(index + 1))
      this.spanDepth = Math.max(this.spanDepth, this.carried[index]!);
    if (strikeFirst) {
      this.strikethroughPass(from, to);
      this.attentionPass(from, to);
    } else {
      this.attentionPass(from, to);
      this.strikethroughPass(from, to);
    }
    this.killRange(from, to);
    return this.spanDepth;
  }

  private strikethroughPass(from: number, to: number): void {
    const openers: [number[], number[]] = [[], []];
    for (let index = this.nextLive(from); index < to; index = this.nextLive(index + 1)) {
      delimiterWork.steps++;
      const run = this.runs[index]!;
      if (run.marker !== 126) continue;
      const stack = openers[run.end - run.start - 1]!;
      if (run.canClose) {
        while (stack.length > 0 && !this.isLive(stack[stack.length - 1]!)) {
          delimiterWork.steps++;
          stack.pop();
        }
        const open = stack.pop();
        if (open !== undefined) {
          const opener = this.runs[open]!;
          const group: DelimiterGroup = { type: 'delete', start: opener.start, end: run.end };
          opener.opens.push(group);
          opener.openUsed = opener.end - opener.start;
          run.closes.push(group);
          run.closeUsed = run.end - run.start;
          // Inside, as micromark resolves a group's events: strikethrough (none can match
          // there any more), then emphasis.
          let depth = this.attentionPass(open + 1, index);
          depth = Math.max(depth, this.carried[index]!);
          this.killRange(open, index + 1);
          this.carryAfter(index, depth);
          continue;
        }
      }
      if (run.canOpen) stack.push(index);
    }
  }

  /**
   * `linear-attention.ts`'s resolver over the live `*` and `_` runs of `[from, to)`. Returns
   * the deepest emphasis nesting in the range.
   */
  private attentionPass(from: number, to: number): number {
    let deepest = 0;
    const openers: number[] = [];
    /** Per opener: the deepest emphasis made after it (and before the next opener). */
    const deepestAfter: number[] = [];
    const bottoms = new Array<number>(12).fill(0);
    for (let index = this.nextLive(from); index < to; index = this.nextLive(index + 1)) {
      delimiterWork.steps++;
      const closer = this.runs[index]!;
      const carried = this.carried[index]!;
      if (carried > 0) {
        deepest = Math.max(deepest, carried);
        if (openers.length > 0)
          deepestAfter[openers.length - 1] = Math.max(deepestAfter[openers.length - 1]!, carried);
      }
      if (closer.marker === 126) continue;
      while (closer.canClose && sizeOf(closer) > 0) {
        const key = (closer.marker === 42 ? 0 : 6) + (closer.canOpen ? 3 : 0) + (sizeOf(closer) % 3);
        let found = -1;
        for (let position = openers.length - 1; position >= bottoms[key]!; position--) {
          delimiterWork.steps++;
          const opener = this.runs[openers[position]!]!;
          if (opener.marker !== closer.marker || ruleOfThreeRefuses(opener, closer)) continue;
          found = position;
          break;
        }
        let inner = 0;
        if (found !== -1)
          for (let position = found; position < openers.length; position++) {
            delimiterWork.steps++;
            inner = Math.max(inner, deepestAfter[position]!);
          }
        const depth = 1 + inner;
        if (found === -1 || depth > maxEmphasisNesting) {
          bottoms[key] = openers.length;
          break;
        }
        const openIndex = openers[found]!;
        const opener = this.runs[openIndex]!;
        const use = sizeOf(opener) > 1 && sizeOf(closer) > 1 ? 2 : 1;
        const group: DelimiterGroup = {
          type: use > 1 ? 'strong' : 'emphasis',
          start: opener.end - opener.openUsed - use,
          end: closer.start + closer.closeUsed + use,
        };
        opener.openUsed += use;
        opener.opens.push(group);
        closer.closeUsed += use;
        closer.closes.push(group);
        deepest = Math.max(deepest, depth);
        this.spanDepth = Math.max(this.spanDepth, depth);
        // What lies between, resolved as micromark resolves a group's events: strikethrough,
        // then emphasis again (a run shortened since it failed as a closer may match now).
        this.strikethroughPass(openIndex + 1, index);
        this.attentionPass(openIndex + 1, index);
        this.killRange(openIndex + 1, index);
        openers.length = found + 1;
        deepestAfter.length = found + 1;
        deepestAfter[found] = depth;
        if (sizeOf(opener) === 0) {
          openers.length = found;
          deepestAfter.length = found;
          if (found > 0) deepestAfter[found - 1] = Math.max(deepestAfter[found - 1]!, depth);
          this.kill(openIndex);
        }
        for (let kind = 0; kind < bottoms.length; kind++) bottoms[kind] = Math.min(bottoms[kind]!, found);
      }
      if (sizeOf(closer) === 0) {
        this.kill(index);
        continue;
      }
      if (closer.canOpen) {
        openers.push(index);
        deepestAfter.push(0);
      }
    }
    return deepest;
  }
}

/** micromark's rule of 3: a run that can both open and close pairs by the sizes' sum. */
function ruleOfThreeRefuses(opener: Delimiter, closer: Delimiter): boolean {
  const closeSize = sizeOf(closer);
  return Boolean((opener.canClose || closer.canOpen) && closeSize % 3 && !((sizeOf(opener) + closeSize) % 3));
}

// micromark-util-character's checks, on UTF-16 code units as micromark reads them.
const unicodePunctuation = /\p{P}|\p{S}/u;
const unicodeWhitespace = /\s/;

/** 1 for whitespace (and the content's start or end), 2 for punctuation, 0 otherwise. */
export function classifyCharacter(code: number): 0 | 1 | 2 {
  if (Number.isNaN(code) || code === 32 || code === 10 || code === 9) return 1;
  if (code < 128) {
    if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return 0;
    if (code < 32) return unicodeWhitespace.test(String.fromCharCode(code)) ? 1 : 0;
    return code === 127 ? 0 : 2;
  }
  const char = String.fromCharCode(code);
  if (unicodeWhitespace.test(char)) return 1;
  if (unicodePunctuation.test(char)) return 2;
  return 0;
}

/** A run of `*` or `_` (`linear-attention.ts`'s tokenizer): whether it may open and close. */
export function attentionFlanks(
  marker: number,
  before: number,
  after: number,
): [open: boolean, close: boolean] {
  const beforeKind = classifyCharacter(before);
  const afterKind = classifyCharacter(after);
  // Another construct's marker (`~`) loosens the rule, `*` and `_` do not.
  const open = !afterKind || (afterKind === 2 && beforeKind !== 0) || after === 126;
  const close = !beforeKind || (beforeKind === 2 && afterKind !== 0) || before === 126;
  if (marker === 42) return [open, close];
  return [open && (beforeKind !== 0 || !close), close && (afterKind !== 0 || !open)];
}

/** A run of `~` (micromark-extension-gfm-strikethrough): whether it may open and close. */
export function strikethroughFlanks(before: number, after: number): [open: boolean, close: boolean] {
  const beforeKind = classifyCharacter(before);
  const afterKind = classifyCharacter(after);
  return [
    !afterKind || (afterKind === 2 && beforeKind !== 0),
    !beforeKind || (beforeKind === 2 && afterKind !== 0),
  ];
}
