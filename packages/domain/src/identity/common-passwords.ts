/**
 * Passwords too common to accept, long as they may be. Not a copied list: generated here from
 * what breach corpora show people choose once a site asks for 10 characters or more — a
 * common word or name with a year, digits or `!` added, keyboard walks, counting, one
 * character repeated — compared case-insensitively. Entries shorter than the shortest
 * password accepted are harmless (the length is checked first). Built once, on first use.
 */
const WORDS = [
  'password',
  'passw0rd',
  'p@ssword',
  'p@ssw0rd',
  'qwerty',
  'letmein',
  'welcome',
  'admin',
  'administrator',
  'iloveyou',
  'football',
  'baseball',
  'basketball',
  'soccer',
  'hockey',
  'dragon',
  'monkey',
  'sunshine',
  'princess',
  'master',
  'shadow',
  'superman',
  'batman',
  'starwars',
  'pokemon',
  'computer',
  'internet',
  'changeme',
  'secret',
  'trustno1',
  'whatever',
  'freedom',
  'michael',
  'jennifer',
  'jordan',
  'charlie',
  'thomas',
  'daniel',
  'jessica',
  'ashley',
  'michelle',
  'nicole',
  'matthew',
  'andrew',
  'joshua',
  'hannah',
  'summer',
  'winter',
  'spring',
  'autumn',
  'flower',
  'butterfly',
  'chocolate',
  'cookie',
  'purple',
  'orange',
  'banana',
  'pepper',
  'ginger',
  'tigger',
  'hunter',
  'ranger',
  'buster',
  'killer',
  'soccer',
  'harley',
  'mustang',
  'ferrari',
  'corvette',
  'mercedes',
  'liverpool',
  'chelsea',
  'arsenal',
  'barcelona',
  'yankees',
  'cowboys',
  'eagles',
  'steelers',
  'lakers',
  'angel',
  'lovely',
  'loveme',
  'babygirl',
  'sweetheart',
  'friends',
  'family',
  'forever',
  'heaven',
  'jesus',
  'christ',
  'blessed',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'login',
  'access',
  'default',
  'guest',
  'user',
  'test',
  'testing',
  'demo',
  'root',
  'toor',
  'manager',
  'office',
  'company',
  'business',
  'service',
  'support',
  'security',
  'example',
  'quire',
  'gitbook',
  'docs',
  'documentation',
  'wiki',
  'github',
  'google',
  'microsoft',
  'apple',
  'samsung',
  'facebook',
  'linkedin',
  'matrix',
  'phoenix',
  'diamond',
  'silver',
  'golden',
  'thunder',
  'lightning',
  'rainbow',
  'unicorn',
  'january',
  'february',
  'march',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'monday',
  'friday',
  'sunday',
  'goodbye',
  'hello',
  'helloworld',
  'abc',
  'abcdef',
  'passpass',
  'letmein',
  'openup',
  'opensesame',
  'nopassword',
  'mypassword',
  'newpassword',
  'yourpassword',
  'password1',
  'iloveu',
  'princesa',
  'contraseña',
  'contrasena',
  'motdepasse',
  'passwort',
  'wachtwoord',
];

const SUFFIXES = [
  '',
  '1',
  '12',
  '123',
  '1234',
  '12345',
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '!',
  '1!',
  '12!',
  '123!',
  '!!',
  '01',
  '007',
  '69',
  '99',
  '00',
  '11',
  '13',
  '22',
  '88',
  '321',
  '4321',
  '54321',
  '@123',
  '#1',
  '$',
  '123$',
  '2k',
  '!@#',
  '!@#$',
];

const YEARS = Array.from({ length: 2030 - 1950 + 1 }, (_, i) => String(1950 + i));

const WALKS = [
  'qwertyuiop',
  'qwertyuiop[]',
  'asdfghjkl',
  'asdfghjkl;',
  'zxcvbnm,./',
  'qwertyasdfgh',
  'qwertyuiopasdfghjkl',
  'qazwsxedc',
  'qazwsxedcrfv',
  'qazwsxedcrfvtgb',
  '1qaz2wsx3edc',
  '1qaz2wsx3edc4rfv',
  'zaq12wsx',
  'zaq1zaq1zaq1',
  '1q2w3e4r5t',
  '1q2w3e4r5t6y',
  '1q2w3e4r5t6y7u8i9o0p',
  'q1w2e3r4t5',
  'q1w2e3r4t5y6',
  'qweasdzxc',
  'qweasdzxc123',
  'azertyuiop',
  'qwertzuiop',
  'poiuytrewq',
  'lkjhgfdsa',
  'mnbvcxz',
  '1234qwer',
  '1234qwerasdf',
  'qwer1234',
  'asdf1234',
  'zxcv1234',
  'abcd1234',
  'abcdefghij',
  'abcdefghijk',
  'abcdefghijkl',
  'abc123abc123',
  'password123',
  'passwordpassword',
  'qwertyqwerty',
  'asdfasdfasdf',
  'aaaaaaaaaa1',
  'aa123456789',
  'a1b2c3d4e5',
  'a1b2c3d4e5f6',
  '1a2b3c4d5e',
  'iloveyou123',
  'iloveyou1234',
  'trustno1trustno1',
];

function countingRuns(): string[] {
  const runs: string[] = [];
  const up = '12345678901234567890';
  const down = '09876543210987654321';
  for (let length = 8; length <= 20; length++) {
    runs.push(up.slice(0, length), up.slice(1, length + 1), down.slice(0, length), down.slice(1, length + 1));
  }
  return runs;
}

function repeatedCharacters(): string[] {
  const repeated: string[] = [];
  for (const character of 'abcdefghijklmnopqrstuvwxyz0123456789!*.#') {
    for (let length = 8; length <= 24; length++) repeated.push(character.repeat(length));
  }
  for (const pair of ['ab', '12', 'abc', '123', 'xo', 'qwe', 'asd', 'pass', 'love', '1234']) {
    for (let times = 2; times <= 8; times++) repeated.push(pair.repeat(times));
  }
  return repeated;
}

function build(): Set<string> {
  const common = new Set<string>([...WALKS, ...countingRuns(), ...repeatedCharacters()]);
  for (const word of WORDS) {
    for (const suffix of SUFFIXES) {
      common.add(`${word}${suffix}`);
      common.add(`${suffix}${word}`);
    }
    for (const year of YEARS) for (const end of ['', '!', '.']) common.add(`${word}${year}${end}`);
    common.add(`${word}${word}`);
    common.add(`my${word}`);
    common.add(`${word}${word}1`);
  }
  return common;
}

let commonPasswords: Set<string> | undefined;

/** Whether this password is one of the common ones (case-insensitive, surrounding spaces ignored). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= build();
  return commonPasswords.has(password.trim().toLowerCase());
}

/** How many entries the list has (for the docs' figure and a test). */
export const commonPasswordCount = (): number => {
  commonPasswords ??= build();
  return commonPasswords.size;
};
