import type { Node, PhrasingContent } from 'mdast';
import type { Options as StringifyOptions } from 'remark-stringify';

/**
 * GitBook's inline emoji in markdown: its shortcode, `:tada:` (GitBook's Git Sync writes
 * and reads the shortcodes; its documentation's example is `:house:`). The document's `code`
 * is the emoji's code points in hexadecimal joined by `-` (`1f389`, `2764-fe0f`).
 *
 * The names are GitHub's (gemoji), which GitBook's are: a table of the common ones written
 * here (Quire has no emoji dependency; one name per emoji). A `:name:` that is not in it
 * stays text, written back as it came. An emoji whose code has no name here is written as the
 * character itself: what GitBook's reader keeps as text and shows the same, and what Quire
 * reads back as text too (the one case where the inline does not come back: say so).
 *
 * Read by a micromark construct (`gitbookEmojiSyntax`), so an escaped `\:tada:` stays text;
 * the printer escapes a text's `:name:` for the same reason (`emojiUnsafePatterns`).
 */
export interface GitbookEmoji extends Node {
  type: 'gitbookEmoji';
  name: string;
}

declare module 'mdast' {
  interface PhrasingContentMap {
    gitbookEmoji: GitbookEmoji;
  }
  interface RootContentMap {
    gitbookEmoji: GitbookEmoji;
  }
}

/** `name=code` pairs, GitHub's names. */
const table = `
grinning=1f600 smiley=1f603 smile=1f604 grin=1f601 laughing=1f606 sweat_smile=1f605 joy=1f602
rofl=1f923 slightly_smiling_face=1f642 upside_down_face=1f643 wink=1f609 blush=1f60a
innocent=1f607 heart_eyes=1f60d star_struck=1f929 kissing_heart=1f618 yum=1f60b
stuck_out_tongue=1f61b stuck_out_tongue_winking_eye=1f61c zany_face=1f92a money_mouth_face=1f911
hugs=1f917 thinking=1f914 zipper_mouth_face=1f910 neutral_face=1f610 expressionless=1f611
no_mouth=1f636 smirk=1f60f unamused=1f612 roll_eyes=1f644 grimacing=1f62c relieved=1f60c
pensive=1f614 sleepy=1f62a sleeping=1f634 mask=1f637 nerd_face=1f913 sunglasses=1f60e
confused=1f615 worried=1f61f slightly_frowning_face=1f641 open_mouth=1f62e astonished=1f632
flushed=1f633 pleading_face=1f97a cry=1f622 sob=1f62d scream=1f631 angry=1f620 rage=1f621
exploding_head=1f92f partying_face=1f973 skull=1f480 hankey=1f4a9 clown_face=1f921 ghost=1f47b
alien=1f47d robot=1f916 see_no_evil=1f648 heart=2764-fe0f orange_heart=1f9e1 yellow_heart=1f49b
green_heart=1f49a blue_heart=1f499 purple_heart=1f49c black_heart=1f5a4 broken_heart=1f494
sparkling_heart=1f496 100=1f4af boom=1f4a5 dizzy=1f4ab sweat_drops=1f4a6 dash=1f4a8 zzz=1f4a4
speech_balloon=1f4ac thought_balloon=1f4ad wave=1f44b raised_hand=270b ok_hand=1f44c v=270c-fe0f
crossed_fingers=1f91e metal=1f918 call_me_hand=1f919 point_left=1f448 point_right=1f449
point_up_2=1f446 point_down=1f447 point_up=261d-fe0f +1=1f44d -1=1f44e fist_raised=270a
clap=1f44f raised_hands=1f64c open_hands=1f450 handshake=1f91d pray=1f64f writing_hand=270d-fe0f
muscle=1f4aa eyes=1f440 eye=1f441-fe0f brain=1f9e0 technologist=1f9d1-200d-1f4bb
man_technologist=1f468-200d-1f4bb woman_technologist=1f469-200d-1f4bb dog=1f436 cat=1f431
mouse=1f42d rabbit=1f430 fox_face=1f98a bear=1f43b panda_face=1f43c tiger=1f42f lion=1f981
cow=1f42e pig=1f437 frog=1f438 monkey_face=1f435 chicken=1f414 penguin=1f427 bird=1f426
unicorn=1f984 bee=1f41d bug=1f41b butterfly=1f98b snail=1f40c turtle=1f422 snake=1f40d
octopus=1f419 whale=1f433 dolphin=1f42c fish=1f41f seedling=1f331 evergreen_tree=1f332
deciduous_tree=1f333 cactus=1f335 herb=1f33f four_leaf_clover=1f340 fallen_leaf=1f342
mushroom=1f344 rose=1f339 sunflower=1f33b earth_africa=1f30d earth_americas=1f30e
globe_with_meridians=1f310 crescent_moon=1f319 sunny=2600-fe0f star=2b50 star2=1f31f
sparkles=2728 zap=26a1 fire=1f525 snowflake=2744-fe0f cloud=2601-fe0f rainbow=1f308
umbrella=2614 droplet=1f4a7 ocean=1f30a apple=1f34e banana=1f34c strawberry=1f353 cherries=1f352
lemon=1f34b avocado=1f951 pizza=1f355 hamburger=1f354 fries=1f35f taco=1f32e popcorn=1f37f
cake=1f370 birthday=1f382 cookie=1f36a doughnut=1f369 coffee=2615 tea=1f375 beer=1f37a
beers=1f37b wine_glass=1f377 soccer=26bd basketball=1f3c0 trophy=1f3c6 medal_sports=1f3c5
1st_place_medal=1f947 dart=1f3af video_game=1f3ae game_die=1f3b2 jigsaw=1f9e9 art=1f3a8
musical_note=1f3b5 notes=1f3b6 microphone=1f3a4 headphones=1f3a7 guitar=1f3b8 car=1f697
taxi=1f695 bus=1f68c ambulance=1f691 bike=1f6b2 train=1f68b airplane=2708-fe0f rocket=1f680
ship=1f6a2 anchor=2693 construction=1f6a7 vertical_traffic_light=1f6a6 house=1f3e0
house_with_garden=1f3e1 office=1f3e2 hospital=1f3e5 school=1f3eb world_map=1f5fa-fe0f watch=231a
iphone=1f4f1 computer=1f4bb keyboard=2328-fe0f desktop_computer=1f5a5-fe0f printer=1f5a8-fe0f
floppy_disk=1f4be cd=1f4bf camera=1f4f7 tv=1f4fa radio=1f4fb telephone_receiver=1f4de
battery=1f50b electric_plug=1f50c bulb=1f4a1 flashlight=1f526 moneybag=1f4b0 dollar=1f4b5
credit_card=1f4b3 gem=1f48e wrench=1f527 hammer=1f528 hammer_and_wrench=1f6e0-fe0f
gear=2699-fe0f nut_and_bolt=1f529 link=1f517 paperclip=1f4ce scissors=2702-fe0f lock=1f512
unlock=1f513 key=1f511 old_key=1f5dd-fe0f shield=1f6e1-fe0f bomb=1f4a3 microscope=1f52c
telescope=1f52d test_tube=1f9ea pill=1f48a email=1f4e7 envelope=2709-fe0f inbox_tray=1f4e5
outbox_tray=1f4e4 package=1f4e6 mailbox=1f4eb memo=1f4dd pencil2=270f-fe0f black_nib=2712-fe0f
briefcase=1f4bc file_folder=1f4c1 open_file_folder=1f4c2 page_facing_up=1f4c4
page_with_curl=1f4c3 bookmark_tabs=1f4d1 bar_chart=1f4ca chart_with_upwards_trend=1f4c8
chart_with_downwards_trend=1f4c9 clipboard=1f4cb pushpin=1f4cc round_pushpin=1f4cd
calendar=1f4c6 date=1f4c5 card_index=1f4c7 books=1f4da book=1f4d6 notebook=1f4d3 ledger=1f4d2
closed_book=1f4d5 green_book=1f4d7 blue_book=1f4d8 orange_book=1f4d9 bookmark=1f516
label=1f3f7-fe0f newspaper=1f4f0 mag=1f50d mag_right=1f50e hourglass=231b
hourglass_flowing_sand=23f3 alarm_clock=23f0 stopwatch=23f1-fe0f bell=1f514 no_bell=1f515
loudspeaker=1f4e2 mega=1f4e3 gift=1f381 balloon=1f388 tada=1f389 confetti_ball=1f38a
white_check_mark=2705 heavy_check_mark=2714-fe0f ballot_box_with_check=2611-fe0f x=274c
negative_squared_cross_mark=274e heavy_plus_sign=2795 heavy_minus_sign=2796 question=2753
grey_question=2754 exclamation=2757 grey_exclamation=2755 bangbang=203c-fe0f warning=26a0-fe0f
no_entry=26d4 no_entry_sign=1f6ab stop_sign=1f6d1 information_source=2139-fe0f recycle=267b-fe0f
arrow_right=27a1-fe0f arrow_left=2b05-fe0f arrow_up=2b06-fe0f arrow_down=2b07-fe0f
arrows_counterclockwise=1f504 repeat=1f501 new=1f195 free=1f193 up=1f199 cool=1f192 ok=1f197
sos=1f198 red_circle=1f534 large_blue_circle=1f535 green_circle=1f7e2 yellow_circle=1f7e1
orange_circle=1f7e0 purple_circle=1f7e3 white_circle=26aa black_circle=26ab checkered_flag=1f3c1
triangular_flag_on_post=1f6a9 white_flag=1f3f3-fe0f copyright=a9-fe0f registered=ae-fe0f
tm=2122-fe0f hash=23-fe0f-20e3 one=31-fe0f-20e3
`;

const codeOfName = new Map<string, string>();
const nameOfCode = new Map<string, string>();
for (const entry of table.split(/\s+/)) {
  if (entry === '') continue;
  const [name, code] = entry.split('=') as [string, string];
  codeOfName.set(name, code);
  nameOfCode.set(code, name);
}

/** The emoji's code of a shortcode's name, or undefined when the name is not known. */
export function emojiCodeOfName(name: string): string | undefined {
  return codeOfName.get(name);
}

/** The shortcode's name of an emoji code, or undefined when it has none here. */
export function emojiNameOfCode(code: string): string | undefined {
  return nameOfCode.get(code);
}

/** The emoji itself (`1f44b` -> the waving hand), `''` for a code that is not code points. */
export function emojiCharacterOf(code: string): string {
  const points = code
    .split('-')
    .map((part) => (/^[0-9a-f]{1,6}$/.test(part) ? Number.parseInt(part, 16) : -1));
  return points.every((point) => point >= 0 && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff))
    ? String.fromCodePoint(...points)
    : '';
}

/** Every shortcode's name (for tests and pickers). */
export const emojiNames: readonly string[] = [...codeOfName.keys()];

const maxNameLength = 40;

/**
 * Every beginning of a name: a `:` followed by what no name begins with fails at that
 * character, so a failed attempt reads at most the longest beginning it shares with a name.
 */
const namePrefixes = new Set<string>();
for (const name of codeOfName.keys())
  for (let length = 1; length <= name.length; length++) namePrefixes.add(name.slice(0, length));

function isNameCode(code: number | null): boolean {
  return (
    code !== null &&
    ((code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95 || code === 43 || code === 45)
  );
}

// The micromark construct, on structural types (micromark's are not a dependency here).
type Code = number | null;
type State = (code: Code) => State | undefined;
interface Effects {
  enter(type: string): unknown;
  exit(type: string): unknown;
  consume(code: Code): void;
}

/** `:` name `:`, the name one of the table's. */
function tokenizeEmoji(effects: Effects, ok: State, nok: State): State {
  let name = '';
  const inName: State = (code) => {
    if (code === 58) {
      if (name === '' || !codeOfName.has(name)) return nok(code);
      effects.exit('gitbookEmojiName');
      effects.enter('gitbookEmojiMarker');
      effects.consume(code);
      effects.exit('gitbookEmojiMarker');
      effects.exit('gitbookEmoji');
      return ok;
    }
    if (!isNameCode(code) || name.length >= maxNameLength) return nok(code);
    name += String.fromCharCode(code!);
    if (!namePrefixes.has(name)) return nok(code);
    effects.consume(code);
    return inName;
  };
  return (code) => {
    effects.enter('gitbookEmoji');
    effects.enter('gitbookEmojiMarker');
    effects.consume(code);
    effects.exit('gitbookEmojiMarker');
    effects.enter('gitbookEmojiName');
    return inName;
  };
}

/** micromark's syntax extension: the construct on `:`. */
export const gitbookEmojiSyntax = {
  text: { 58: { name: 'gitbookEmoji', tokenize: tokenizeEmoji } },
};

interface CompileContext {
  enter(node: GitbookEmoji, token: unknown): void;
  exit(token: unknown): void;
  sliceSerialize(token: unknown): string;
  stack: unknown[];
}

/** mdast-util-from-markdown's extension: the `gitbookEmoji` node. */
export const gitbookEmojiFromMarkdown = {
  enter: {
    gitbookEmoji(this: CompileContext, token: unknown) {
      this.enter({ type: 'gitbookEmoji', name: '' }, token);
    },
  },
  exit: {
    gitbookEmojiName(this: CompileContext, token: unknown) {
      (this.stack[this.stack.length - 1] as GitbookEmoji).name = this.sliceSerialize(token);
    },
    gitbookEmoji(this: CompileContext, token: unknown) {
      this.exit(token);
    },
  },
};

type Handle = NonNullable<NonNullable<StringifyOptions['handlers']>['hint']>;

export const printEmoji: Handle = (node) => ':' + (node as GitbookEmoji).name + ':';

/** A text's `:name:` (a known name) is escaped, `\:name:`, so that it stays text. */
export const emojiUnsafePatterns: NonNullable<StringifyOptions['unsafe']> = [
  {
    character: ':',
    // A lookahead: the match is the colon alone, so `:a:b:` escapes both colons that open a name.
    after: '(?=(?:' + [...codeOfName.keys()].map((name) => name.replace(/[+-]/g, '\\$&')).join('|') + '):)',
    inConstruct: 'phrasing',
  },
];

/**
 * GitBook's icon writes its name as a shortcode inside (`<i class="fa-rocket">:rocket:</i>`):
 * an emoji right after such an opening is the icon's text again.
 */
export function iconNamesAsText(children: PhrasingContent[]): PhrasingContent[] {
  if (!children.some((child) => child.type === 'gitbookEmoji')) return children;
  return children.map((child, index) => {
    const before = children[index - 1];
    return child.type === 'gitbookEmoji' &&
      before?.type === 'html' &&
      before.value.startsWith('<i class="fa-')
      ? { type: 'text', value: ':' + child.name + ':' }
      : child;
  });
}
