/** The scrypt adapter of the `Passwords` port: its self-describing hashes and its checks. */
import { describe, expect, it } from 'vitest';
import { SCRYPT_COST, ScryptPasswords } from '../../src/adapters/scrypt-passwords';

// A small cost keeps the test quick; the format and checks are the same at any cost.
const cheap = new ScryptPasswords({ N: 2 ** 10, r: 8, p: 1 });

describe('ScryptPasswords', () => {
  it('hashes to scrypt$N$r$p$salt$hash with a fresh salt each time', async () => {
    const [first, second] = await Promise.all([cheap.hash('a long password'), cheap.hash('a long password')]);
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(second).not.toBe(first);
    expect(await new ScryptPasswords().hash('x')).toMatch(
      new RegExp(`^scrypt\\$${SCRYPT_COST.N}\\$8\\$1\\$`),
    );
  });

  it('verifies the right password only', async () => {
    const stored = await cheap.hash('a long password');
    expect(await cheap.verify('a long password', stored)).toBe(true);
    expect(await cheap.verify('a long passwore', stored)).toBe(false);
    expect(await cheap.verify('', stored)).toBe(false);
  });

  it('verifies hashes made with another cost (parameters travel with the hash)', async () => {
    const stored = await new ScryptPasswords({ N: 2 ** 11, r: 4, p: 2 }).hash('a long password');
    expect(await cheap.verify('a long password', stored)).toBe(true);
  });

  it('takes passwords in Unicode normal form: one typed text, one password', async () => {
    const stored = await cheap.hash('caf\u00e9 au lait!');
    expect(await cheap.verify('cafe\u0301 au lait!', stored)).toBe(true);
  });

  it('answers false, never throws, for a missing or malformed hash', async () => {
    const stored = await cheap.hash('a long password');
    const [, , , , salt, key] = stored.split('$');
    const malformed = [
      '',
      'plain text',
      'bcrypt$10$abc',
      stored.replace('$1024$', '$1000$'),
      stored.replace('$1024$', `$${2 ** 24}$`),
      `scrypt$1024$8$0$${salt}$${key}`,
      `scrypt$1024$8$1$${salt}$`,
      `${stored}$extra`,
    ];
    for (const hash of malformed) expect(await cheap.verify('a long password', hash), hash).toBe(false);
    expect(await cheap.verify('a long password', null)).toBe(false);
  });
});
