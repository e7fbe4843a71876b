import { defineIndexes, ensureIndexes, isDuplicateKeyError } from '@quire/store';
import { describe, expect, it } from 'vitest';
import { EmbeddedDatabase, MemoryJournal } from '../src/engine';

interface Member {
  _id: string;
  organizationId: string;
  userId: string;
  createdAt: number;
  profile: { email: string };
}

// The example a repository follows: its indexes, declared once next to its queries.
const memberIndexes = defineIndexes<Member>('members', [
  { key: { organizationId: 1, userId: 1 }, unique: true },
  { key: { organizationId: 1, createdAt: 1, _id: 1 }, name: 'members_by_creation' },
  { key: { 'profile.email': 1 } },
]);

function freshDatabase(): EmbeddedDatabase {
  return new EmbeddedDatabase(new Map(), new MemoryJournal());
}

describe('index declarations', () => {
  it('ensureIndexes creates the declared indexes, and running it again changes nothing', async () => {
    const db = freshDatabase();
    const names = ['organizationId_1_userId_1', 'members_by_creation', 'profile.email_1'];
    expect(await ensureIndexes(db, [memberIndexes])).toEqual(names);
    expect(await ensureIndexes(db, [memberIndexes])).toEqual(names);

    const members = db.collection<Member>('members');
    const member = { organizationId: 'o', userId: 'u', createdAt: 1, profile: { email: 'a@x' } };
    await members.insertOne({ _id: 'm1', ...member });
    const duplicate = await members.insertOne({ _id: 'm2', ...member }).catch((error: unknown) => error);
    expect(isDuplicateKeyError(duplicate)).toBe(true);
  });

  it('names the index that could not be built', async () => {
    const db = freshDatabase();
    const member = { organizationId: 'o', userId: 'u', createdAt: 1, profile: { email: 'a@x' } };
    await db.collection<Member>('members').insertMany([
      { _id: 'm1', ...member },
      { _id: 'm2', ...member },
    ]);
    const failure = await ensureIndexes(db, [memberIndexes]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain("'organizationId_1_userId_1' on 'members'");
    expect(isDuplicateKeyError((failure as Error).cause)).toBe(true);
  });

  it('rejects an empty key or a name declared twice when the declaration is made', () => {
    expect(() => defineIndexes('things', [{ key: {} }])).toThrow(/at least one field/);
    expect(() => defineIndexes('things', [{ key: { a: 1 } }, { key: { b: 1 }, name: 'a_1' }])).toThrow(
      /'a_1' is declared twice/,
    );
  });

  it('only accepts field paths of the document type', () => {
    // @ts-expect-error: 'organisationId' is not a field of Member.
    defineIndexes<Member>('members', [{ key: { organisationId: 1 } }]);
    // @ts-expect-error: directions are 1 or -1.
    defineIndexes<Member>('members', [{ key: { organizationId: 2 } }]);
    expect(defineIndexes<Member>('members', [{ key: { 'profile.email': -1 } }]).indexes).toHaveLength(1);
  });
});
