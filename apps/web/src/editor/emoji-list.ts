/**
 * The emoji the editor's picker offers: common ones, each with GitHub's name (gemoji's, the
 * names GitBook's shortcodes use) and a few words it is found by. Written here; the app has no
 * emoji dependency. Any other emoji can still be typed or pasted as text.
 */
export interface EmojiChoice {
  emoji: string;
  name: string;
  words: string;
}

const LIST: [string, string, string][] = [
  ['😀', 'grinning', 'smile happy face'],
  ['😄', 'smile', 'happy joy face'],
  ['😂', 'joy', 'laugh tears'],
  ['🙂', 'slightly_smiling_face', 'smile'],
  ['😉', 'wink', 'face'],
  ['😍', 'heart_eyes', 'love'],
  ['🤔', 'thinking', 'think question'],
  ['😎', 'sunglasses', 'cool'],
  ['😢', 'cry', 'sad tear'],
  ['😱', 'scream', 'fear shock'],
  ['😅', 'sweat_smile', 'relief'],
  ['🙌', 'raised_hands', 'celebrate hooray'],
  ['👏', 'clap', 'applause'],
  ['👍', '+1', 'thumbsup yes ok like'],
  ['👎', '-1', 'thumbsdown no dislike'],
  ['👋', 'wave', 'hello hi bye'],
  ['🙏', 'pray', 'please thanks'],
  ['💪', 'muscle', 'strong'],
  ['👀', 'eyes', 'look see'],
  ['🎉', 'tada', 'party celebrate hooray'],
  ['🎊', 'confetti_ball', 'party'],
  ['🚀', 'rocket', 'launch ship fast'],
  ['🔥', 'fire', 'hot'],
  ['✨', 'sparkles', 'new shiny'],
  ['⭐', 'star', 'favorite'],
  ['🌟', 'star2', 'glow'],
  ['💡', 'bulb', 'idea tip light'],
  ['⚡', 'zap', 'lightning fast power'],
  ['❤️', 'heart', 'love red'],
  ['💙', 'blue_heart', 'love'],
  ['💚', 'green_heart', 'love'],
  ['✅', 'white_check_mark', 'done yes check'],
  ['✔️', 'heavy_check_mark', 'check done'],
  ['❌', 'x', 'no cross wrong'],
  ['⚠️', 'warning', 'caution alert'],
  ['⛔', 'no_entry', 'stop forbidden'],
  ['🚫', 'no_entry_sign', 'forbidden'],
  ['❗', 'exclamation', 'important'],
  ['❓', 'question', 'help'],
  ['ℹ️', 'information_source', 'info'],
  ['📌', 'pushpin', 'pin'],
  ['📍', 'round_pushpin', 'location'],
  ['📝', 'memo', 'note write'],
  ['📄', 'page_facing_up', 'document file'],
  ['📁', 'file_folder', 'folder directory'],
  ['📂', 'open_file_folder', 'folder'],
  ['📚', 'books', 'docs library'],
  ['📖', 'book', 'read docs'],
  ['🔖', 'bookmark', 'tag'],
  ['🏷️', 'label', 'tag'],
  ['🔗', 'link', 'url chain'],
  ['📎', 'paperclip', 'attachment'],
  ['✏️', 'pencil2', 'edit write'],
  ['🖊️', 'pen', 'write'],
  ['🔍', 'mag', 'search find'],
  ['🔒', 'lock', 'secure private'],
  ['🔓', 'unlock', 'open'],
  ['🔑', 'key', 'password secret'],
  ['🛡️', 'shield', 'security'],
  ['⚙️', 'gear', 'settings config'],
  ['🔧', 'wrench', 'tool fix'],
  ['🔨', 'hammer', 'build tool'],
  ['🛠️', 'hammer_and_wrench', 'tools build'],
  ['🧰', 'toolbox', 'tools'],
  ['🧪', 'test_tube', 'test experiment'],
  ['🐛', 'bug', 'issue error'],
  ['💻', 'computer', 'laptop code'],
  ['🖥️', 'desktop_computer', 'screen'],
  ['📱', 'iphone', 'phone mobile'],
  ['⌨️', 'keyboard', 'type'],
  ['🖱️', 'computer_mouse', 'click'],
  ['💾', 'floppy_disk', 'save'],
  ['☁️', 'cloud', 'weather server'],
  ['🌐', 'globe_with_meridians', 'web internet world'],
  ['🌍', 'earth_africa', 'world globe'],
  ['🏠', 'house', 'home'],
  ['🏢', 'office', 'building company'],
  ['📦', 'package', 'box release'],
  ['🚚', 'truck', 'delivery ship'],
  ['📈', 'chart_with_upwards_trend', 'growth up graph'],
  ['📉', 'chart_with_downwards_trend', 'down graph'],
  ['📊', 'bar_chart', 'stats graph'],
  ['🗓️', 'spiral_calendar', 'date'],
  ['📅', 'date', 'calendar'],
  ['⏰', 'alarm_clock', 'time'],
  ['⏳', 'hourglass_flowing_sand', 'wait time'],
  ['⌛', 'hourglass', 'time'],
  ['🕒', 'clock3', 'time'],
  ['📣', 'mega', 'announce'],
  ['📢', 'loudspeaker', 'announce'],
  ['🔔', 'bell', 'notification'],
  ['💬', 'speech_balloon', 'comment chat'],
  ['🗨️', 'left_speech_bubble', 'comment'],
  ['✉️', 'envelope', 'mail email'],
  ['📧', 'e-mail', 'email mail'],
  ['👤', 'bust_in_silhouette', 'user person'],
  ['👥', 'busts_in_silhouette', 'users team'],
  ['🧑‍💻', 'technologist', 'developer coder'],
  ['🤖', 'robot', 'bot ai'],
  ['🧠', 'brain', 'think ai'],
  ['🎯', 'dart', 'target goal'],
  ['🏆', 'trophy', 'win award'],
  ['🥇', '1st_place_medal', 'first gold'],
  ['🎁', 'gift', 'present'],
  ['💰', 'moneybag', 'money cost'],
  ['💳', 'credit_card', 'payment billing'],
  ['🧾', 'receipt', 'invoice billing'],
  ['🛒', 'shopping_cart', 'cart buy'],
  ['🚧', 'construction', 'wip work in progress'],
  ['🆕', 'new', 'fresh'],
  ['🆗', 'ok', 'fine'],
  ['🔄', 'arrows_counterclockwise', 'refresh sync update'],
  ['➡️', 'arrow_right', 'next'],
  ['⬅️', 'arrow_left', 'back previous'],
  ['⬆️', 'arrow_up', 'up'],
  ['⬇️', 'arrow_down', 'down'],
  ['🔼', 'arrow_up_small', 'up'],
  ['🔽', 'arrow_down_small', 'down'],
  ['☕', 'coffee', 'break drink'],
  ['🍕', 'pizza', 'food'],
  ['🌈', 'rainbow', 'colour'],
  ['☀️', 'sunny', 'sun weather'],
  ['🌙', 'crescent_moon', 'night dark'],
  ['🐳', 'whale', 'docker'],
  ['🐍', 'snake', 'python'],
  ['🦀', 'crab', 'rust'],
  ['🐘', 'elephant', 'php postgres'],
];

export const EMOJI_CHOICES: readonly EmojiChoice[] = LIST.map(([emoji, name, words]) => ({
  emoji,
  name,
  words,
}));

/** GitBook's code of an emoji: its code points in hexadecimal, joined by `-`. */
export const emojiCode = (emoji: string): string =>
  [...emoji].map((char) => (char.codePointAt(0) ?? 0).toString(16)).join('-');

/** The emoji whose name or words hold every word of `query`, at most `limit`. */
export function matchingEmoji(query: string, limit = 48): EmojiChoice[] {
  const words = query
    .toLowerCase()
    .replace(/^:/, '')
    .split(/[\s_]+/)
    .filter(Boolean);
  return EMOJI_CHOICES.filter((choice) => {
    const text = (choice.name.replaceAll('_', ' ') + ' ' + choice.words).toLowerCase();
    return words.every((word) => text.includes(word));
  }).slice(0, limit);
}
