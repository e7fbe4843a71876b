/**
 * `if` blocks in an evaluated document read by a site visitor (issue 28, item 3, GitBook's
 * renderer shows none itself): decided for the visitor's claims, kept as stored for anyone else.
 */
import { markdownToDocument } from '@quire/documents';
import { describe, expect, it } from 'vitest';
import type { VisitorConditions } from '../../src/content/page-reads/visitor-conditions';
import { resolvedDocument } from '../../src/content/reusable-contents/resolved-document';
import type { RevisionRecord } from '../../src/content/revisions/records';
import type { OperationContext } from '../../src/core/context';
import { evaluateCondition, parseCondition } from '../../src/publishing/conditions';

const conditions: VisitorConditions = {
  holds(expression, claims) {
    const parsed = parseCondition(expression);
    return parsed.ok && evaluateCondition(parsed.ast, claims);
  },
};

const MARKDOWN = [
  'Everyone.',
  '{% if visitor.claims.unsigned.beta %}\nOnly beta.\n{% endif %}',
  '{% if !visitor.claims.unsigned.beta %}\nNot beta.\n{% endif %}',
  '{% if visitor.claims.( %}\nBroken.\n{% endif %}',
].join('\n\n');

const revision = { id: 'r', spaceId: 's' } as RevisionRecord;
const place = { spaceId: 's', revision, pageVariables: {} };

function read(caller: unknown, options: { evaluated?: 'deterministic-only' | boolean }) {
  const ctx = { caller, visitorConditions: conditions, repos: {} } as unknown as OperationContext;
  return resolvedDocument(ctx, markdownToDocument(MARKDOWN), place, options);
}

const texts = (document: unknown): string[] =>
  [...JSON.stringify(document).matchAll(/"text":"([^"]*)"/g)].map((match) => match[1] as string);

describe('if blocks in an evaluated read', () => {
  it("are decided for a site visitor's claims: the blocks of a condition that holds, nothing of one that does not or does not parse", async () => {
    const beta = {
      userId: null,
      site: { siteId: 'site', spaceIds: ['s'], claims: { unsigned: { beta: true } } },
    };
    expect(texts(await read(beta, { evaluated: 'deterministic-only' }))).toEqual(['Everyone.', 'Only beta.']);
    const other = { userId: null, site: { siteId: 'site', spaceIds: ['s'], claims: {} } };
    expect(texts(await read(other, { evaluated: true }))).toEqual(['Everyone.', 'Not beta.']);
    const document = await read(other, { evaluated: true });
    expect(JSON.stringify(document)).not.toContain('"type":"if"');
  });

  it('stay as stored for a member; a visitor gets them decided even without asking for an evaluated read', async () => {
    const member = { userId: 'u', tokenId: 't', isInstanceAdmin: false };
    const asStored = markdownToDocument(MARKDOWN);
    expect(await read(member, { evaluated: true })).toEqual(asStored);
    const visitor = {
      userId: null,
      site: { siteId: 'site', spaceIds: ['s'], claims: { unsigned: { beta: true } } },
    };
    // A visitor never reads a branch their claims do not open, however they ask.
    expect(texts(await read(visitor, {}))).toEqual(['Everyone.', 'Only beta.']);
  });
});
