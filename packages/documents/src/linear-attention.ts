/**
 * CommonMark's emphasis and strong emphasis (`*a*`, `__b__`), read in linear time: micromark's
 * own attention construct in the same events, with a resolver that does the same matching
 * without its two quadratic parts (issue 27, bad input: `a *b* ` repeated over 64 KB took
 * 0.4 s more than linear work).
 *
 * micromark's resolver (micromark-core-commonmark's `attention.js`) takes each closing run,
 * walks back over every event before it to find an opening run, and replaces the pair and
 * what lies between with an `Array#splice` that moves the whole rest of the list: the walk
 * is quadratic for a paragraph of closers without openers (`a* ` repeated), the splice for a
 * paragraph of pairs. This resolver keeps the events it has read in an output list and the
 * opening runs still open on a stack: a match pops the output back to its opener (what lies
 * between is resolved inside the span, as micromark does) and pushes the group; a search
 * walks the stack, not the events, and a search that failed is not walked again for the
 * same kind of closer (CommonMark's "openers bottom": an opener's eligibility depends only on
 * the closer's marker, whether it can open and its length modulo 3), until a match changes
 * the openers below.
 *
 * One bound, where micromark has none: emphasis nested deeper than `maxEmphasisNesting`
 * (the tree depth a body may have at all, `markdownLimits.maxTreeDepth`) is not made, its
 * markers stay text. Each match copies the events between its runs once, so the work is the
 * events times that nesting at most. A body micromark would read that deep is refused by the
 * depth check anyway; below it the output is micromark's, event for event.
 *
 * Registered in place of micromark's construct (`attentionExtension`: the same markers, its
 * `attention` disabled by name, this one inside spans too, so link texts are resolved alike).
 */

// micromark's types, structurally (micromark-util-types is not a dependency here).
type Code = number | null;
type State = (code: Code) => State | undefined;
interface Point {
  line: number;
  column: number;
  offset: number;
  _index: number;
  _bufferIndex: number;
}
interface Token {
  type: string;
  start: Point;
  end: Point;
  _open?: boolean;
  _close?: boolean;
  /** The marker's character code (`*` or `_`), set by the tokenizer. */
  _marker?: number;
  /** A group's emphasis nesting (1 for emphasis holding none). */
  _depth?: number;
}
type Event = [kind: 'enter' | 'exit', token: Token, context: unknown];
interface Effects {
  enter(type: string): Token;
  exit(type: string): Token;
  consume(code: Code): void;
}
interface Construct {
  name: string;
  add?: 'before';
  tokenize: (this: TokenizeContext, effects: Effects, ok: State, nok: State) => State;
  resolveAll?: Resolver;
}
type Resolver = (events: Event[], context: ResolveContext) => Event[];
interface ResolveContext {
  parser: { constructs: { insideSpan: { null: Array<{ resolveAll?: Resolver }> } } };
}
interface TokenizeContext {
  previous: Code;
  parser: { constructs: { attentionMarkers: { null: number[] } } };
}

/**
 * The resolver's steps so far (events read, openers looked at, events copied into a group):
 * what a test counts to show the work grows linearly with the input, not time.
 */
export const attentionWork = { steps: 0 };

/** Emphasis nested deeper is not made (see above): markdownLimits.maxTreeDepth. */
export const maxEmphasisNesting = 48;

/**
 * Not micromark's `attentionSequence`: its resolver, still run inside spans (a disabled
 * construct stays in `insideSpan`), would walk these runs again.
 */
const sequenceType = 'linearAttentionSequence';

// micromark-util-character's checks, as micromark-util-classify-character uses them.
const unicodePunctuation = /\p{P}|\p{S}/u;
const unicodeWhitespace = /\s/;

/** 1 for whitespace (and the line's start or end), 2 for punctuation, undefined otherwise. */
function classifyCharacter(code: Code): 1 | 2 | undefined {
  if (code === null || code < 0 || code === 32) return 1;
  const char = String.fromCharCode(code);
  if (unicodeWhitespace.test(char)) return 1;
  if (unicodePunctuation.test(char)) return 2;
  return undefined;
}

/** micromark's attention tokenizer, the marker noted on the token. */
function tokenizeAttention(this: TokenizeContext, effects: Effects, ok: State): State {
  const attentionMarkers = this.parser.constructs.attentionMarkers.null;
  const previous = this.previous;
  const before = classifyCharacter(previous);
  let marker: number;
  const inside: State = (code) => {
    if (code === marker) {
      effects.consume(code);
      return inside;
    }
    const token = effects.exit(sequenceType);
    const after = classifyCharacter(code);
    // `*` and `_` are excluded from the loosening, meant for other constructs' markers (`~`).
    const open =
      !after || (after === 2 && before) || (attentionMarkers.includes(code!) && code !== 42 && code !== 95);
    const close =
      !before ||
      (before === 2 && after) ||
      (attentionMarkers.includes(previous!) && previous !== 42 && previous !== 95);
    token._open = Boolean(marker === 42 ? open : open && (before || !close));
    token._close = Boolean(marker === 42 ? close : close && (after || !open));
    token._marker = marker;
    return ok(code);
  };
  return (code) => {
    marker = code!;
    effects.enter(sequenceType);
    return inside(code);
  };
}

function sizeOf(token: Token): number {
  return token.end.offset - token.start.offset;
}

function movePoint(point: Point, offset: number): void {
  point.column += offset;
  point.offset += offset;
  point._bufferIndex += offset;
}

/** micromark-util-resolve-all: each resolver once, in order. */
function resolveAll(
  constructs: Array<{ resolveAll?: Resolver }>,
  events: Event[],
  context: ResolveContext,
): Event[] {
  const called: Resolver[] = [];
  for (const construct of constructs) {
    const resolve = construct.resolveAll;
    if (resolve !== undefined && !called.includes(resolve)) {
      events = resolve(events, context);
      called.push(resolve);
    }
  }
  return events;
}

/** The kind of a closer, for the openers' bottoms: marker, can open, size modulo 3. */
function keyOf(closer: Token): number {
  return (closer._marker === 42 ? 0 : 6) + (closer._open ? 3 : 0) + (sizeOf(closer) % 3);
}

/** Whether micromark's rule of 3 keeps `opener` from matching `closer`. */
function ruleOfThreeRefuses(opener: Token, closer: Token): boolean {
  const closeSize = sizeOf(closer);
  return Boolean((opener._close || closer._open) && closeSize % 3 && !((sizeOf(opener) + closeSize) % 3));
}

function resolveAllAttention(events: Event[], context: ResolveContext): Event[] {
  const out: Event[] = [];
  /** Indices in `out` of the exit events of opening runs still open, in order. */
  const openers: number[] = [];
  /** Per kind of closer: the stack positions below this one hold no opener for it. */
  const bottoms = new Array<number>(12).fill(0);
  let index = 0;
  while (index < events.length) {
    attentionWork.steps++;
    const event = events[index]!;
    const closer = event[1];
    if (event[0] === 'enter' && closer.type === sequenceType && closer._close) {
      const key = keyOf(closer);
      let position = openers.length - 1;
      let found = -1;
      for (; position >= bottoms[key]!; position--) {
        attentionWork.steps++;
        const opener = out[openers[position]!]![1];
        if (opener._marker !== closer._marker || ruleOfThreeRefuses(opener, closer)) continue;
        found = position;
        break;
      }
      const open = found === -1 ? -1 : openers[found]!;
      const inner = open === -1 ? [] : out.slice(open + 1);
      attentionWork.steps += inner.length;
      const depth =
        1 +
        inner.reduce(
          (deepest, [kind, token]) => Math.max(deepest, kind === 'enter' ? (token._depth ?? 0) : 0),
          0,
        );
      if (found === -1 || depth > maxEmphasisNesting) {
        // No opener for this kind of closer down to here (a deeper nesting would only grow).
        bottoms[key] = openers.length;
        out.push(event);
        index += 1;
        continue;
      }
      const opener = out[open]![1];
      const use = sizeOf(opener) > 1 && sizeOf(closer) > 1 ? 2 : 1;
      const start = { ...opener.end };
      const end = { ...closer.start };
      movePoint(start, -use);
      movePoint(end, use);
      const strong = use > 1;
      const openingSequence: Token = {
        type: strong ? 'strongSequence' : 'emphasisSequence',
        start,
        end: { ...opener.end },
      };
      const closingSequence: Token = {
        type: strong ? 'strongSequence' : 'emphasisSequence',
        start: { ...closer.start },
        end,
      };
      const text: Token = {
        type: strong ? 'strongText' : 'emphasisText',
        start: { ...opener.end },
        end: { ...closer.start },
      };
      const group: Token = {
        type: strong ? 'strong' : 'emphasis',
        start: { ...openingSequence.start },
        end: { ...closingSequence.end },
        _depth: depth,
      };
      opener.end = { ...openingSequence.start };
      closer.start = { ...closingSequence.end };
      // Back to the opener's enter event; the openers above it are inside the group now.
      const openerEnter = out[open - 1]!;
      const openerExit = out[open]!;
      out.length = open - 1;
      openers.length = found;
      if (sizeOf(opener) > 0) {
        out.push(openerEnter, openerExit);
        openers.push(out.length - 1);
      }
      // The opener's size changed: searches are to look at it again.
      for (let kind = 0; kind < bottoms.length; kind++) bottoms[kind] = Math.min(bottoms[kind]!, found);
      const eventContext = event[2];
      out.push(
        ['enter', group, eventContext],
        ['enter', openingSequence, eventContext],
        ['exit', openingSequence, eventContext],
        ['enter', text, eventContext],
      );
      for (const innerEvent of resolveAll(context.parser.constructs.insideSpan.null, inner, context))
        out.push(innerEvent);
      out.push(
        ['exit', text, eventContext],
        ['enter', closingSequence, eventContext],
        ['exit', closingSequence, eventContext],
        ['exit', group, eventContext],
      );
      // What is left of the closer is read again as a closer (its enter event, its start moved).
      if (sizeOf(closer) === 0) index += 2;
    } else {
      out.push(event);
      index += 1;
      if (event[0] === 'exit' && closer.type === sequenceType && closer._open) openers.push(out.length - 1);
    }
  }
  // Runs left over are text.
  for (const [, token] of out) if (token.type === sequenceType) token.type = 'data';
  // In place: micromark's subtokenizer holds the list itself, not what resolvers return.
  for (let at = 0; at < out.length; at++) events[at] = out[at]!;
  events.length = out.length;
  return events;
}

const attention: Construct = {
  name: 'linearAttention',
  // Before micromark's resolvers inside spans, as its own: runs left over become data before
  // the text resolver merges adjacent data.
  add: 'before',
  tokenize: tokenizeAttention,
  resolveAll: resolveAllAttention,
};

/** micromark's syntax extension: this construct for `*` and `_`, micromark's own disabled. */
export const attentionExtension = {
  disable: { null: ['attention'] },
  text: { 42: attention, 95: attention },
  insideSpan: { null: [attention] },
};
