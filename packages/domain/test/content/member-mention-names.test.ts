/**
 * `readBatchBodies` writes the member mentions of the trees a batch sends with the members'
 * display names (`memberMentionNames`): the users of the whole batch are looked up in one
 * read, however many mentions it holds (a page of 10,000), and none when nothing mentions a
 * user; a user the organization does not have (or a membership of another organization the
 * repository answers) is written with the link's URL, never with a name.
 */
import { describe, expect, it } from 'vitest';
import { inProcessUntrustedMarkdown, type MemberRecord, type UntrustedMarkdown } from '../../src';
import { readBatchBodies } from '../../src/content/revisions/page-body';

const ORGANIZATION = 'org1';
const url = (userId: string) => `https://app.gitbook.com/u/${userId}`;

/** A members repository of `names` (user id -> display name) that counts its reads. */
function membersOf(names: Record<string, string>, elsewhere: Record<string, string> = {}) {
  const reads: string[][] = [];
  const record = (organizationId: string, userId: string, displayName: string) =>
    ({ organizationId, userId, user: { displayName, email: `${userId}@x.test` } }) as MemberRecord;
  return {
    reads,
    findMany: async (organizationId: string, userIds: readonly string[]) => {
      reads.push([...userIds]);
      const found = userIds.flatMap((userId) => {
        const name = names[userId];
        return name === undefined ? [] : [record(organizationId, userId, name)];
      });
      // A repository that answered a membership of another organization too: never named.
      const foreign = userIds.flatMap((userId) => {
        const name = elsewhere[userId];
        return name === undefined ? [] : [record('org2', userId, name)];
      });
      return [...found, ...foreign];
    },
  };
}

/** The port as the request thread would use it once the text is accepted: the text as sent. */
const untrustedMarkdown: UntrustedMarkdown = {
  read: async (markdown) => ({ ok: true, markdown, frontMatter: {} }),
  documentsOf: inProcessUntrustedMarkdown.documentsOf,
};

/** The sight of a writer who may see every member (one who may list them). */
const everyoneInSight = async () => () => true;

const mention = (user: string) => ({
  object: 'inline',
  type: 'mention',
  isVoid: true,
  data: { ref: { kind: 'user', user } },
});
const paragraph = (nodes: unknown[]) => ({ object: 'block', type: 'paragraph', data: {}, nodes });
const page = (blocks: unknown[]) => ({
  operation: 'insert_page' as const,
  document: { document: { object: 'document', data: {}, nodes: blocks } },
});

describe('member mentions in a batch of trees', () => {
  it('are named with one read for 10,000 mentions; outsiders keep their URL', async () => {
    const members = membersOf({ u0: 'Ada\n Lovelace', u1: 'Bob' }, { u2: 'Olive Outsider' });
    // 100 paragraphs of 100 mentions, of 1,000 users (u0...u999), each mentioned 10 times.
    const blocks = Array.from({ length: 100 }, (_, row) =>
      paragraph(Array.from({ length: 100 }, (_, column) => mention(`u${(row * 100 + column) % 1000}`))),
    );
    const changes = [
      page(blocks),
      { operation: 'insert_page' as const, document: { markdown: 'No mention.' } },
      page([paragraph([mention('u1'), mention('u2'), mention('v1')])]),
    ];
    const bodies = await readBatchBodies(
      { untrustedMarkdown, repos: { members } } as never,
      ORGANIZATION,
      changes as never,
      everyoneInSight,
    );
    expect(members.reads).toHaveLength(1);
    expect(new Set(members.reads[0])).toEqual(
      new Set([...Array.from({ length: 1000 }, (_, user) => `u${user}`), 'v1']),
    );
    expect(members.reads[0]).toHaveLength(1001);
    const big = bodies.get(0)?.markdown ?? '';
    expect(big.startsWith(`[Ada Lovelace](${url('u0')} "mention")[Bob](${url('u1')} "mention")`)).toBe(true);
    expect(big).toContain(`[${url('u999')}](${url('u999')} "mention")`);
    expect(big.split('"mention")')).toHaveLength(10_001);
    expect(bodies.get(1)?.markdown).toBe('No mention.');
    expect(bodies.get(2)?.markdown).toBe(
      `[Bob](${url('u1')} "mention")[${url('u2')}](${url('u2')} "mention")[${url('v1')}](${url('v1')} "mention")\n`,
    );
    expect(JSON.stringify([...bodies.values()])).not.toContain('Olive');
  });

  it('read no member when nothing mentions a user', async () => {
    const members = membersOf({ u0: 'Ada' });
    const bodies = await readBatchBodies(
      { untrustedMarkdown, repos: { members } } as never,
      ORGANIZATION,
      [page([paragraph([{ object: 'text', leaves: [{ object: 'leaf', text: 'Hi', marks: [] }] }])])] as never,
      everyoneInSight,
    );
    expect(members.reads).toHaveLength(0);
    expect(bodies.get(0)?.markdown).toBe('Hi\n');
  });

  it("name only the members in the writer's sight; the others keep their URL", async () => {
    const members = membersOf({ u0: 'Ada', u1: 'Bob' });
    let loads = 0;
    const onlyAda = async () => {
      loads += 1;
      return (member: MemberRecord) => member.userId === 'u0';
    };
    const bodies = await readBatchBodies(
      { untrustedMarkdown, repos: { members } } as never,
      ORGANIZATION,
      [page([paragraph([mention('u0'), mention('u1')])])] as never,
      onlyAda,
    );
    expect(bodies.get(0)?.markdown).toBe(
      `[Ada](${url('u0')} "mention")[${url('u1')}](${url('u1')} "mention")\n`,
    );
    expect(loads).toBe(1);
  });
});
