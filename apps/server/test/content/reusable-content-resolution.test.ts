/**
 * A document's reusable-content blocks and expressions resolved for a reader
 * (`resolvedDocument`, GitBook's `dereferenced` and `evaluated`), over the real repositories:
 * an edit of a reusable content reaches every page that includes it; another space's
 * reusable content is included only for a caller who can view that space, and otherwise reads
 * exactly as a missing one; cycles, depth and unknown variables each have their outcome.
 */
import type { JSONDocument } from '@quire/documents';
import {
  authenticateApiToken,
  type OperationContext,
  operations,
  resolvedDocument,
  spaceHead,
} from '@quire/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, type TestUser } from '../support/factories';
import { openTestDomain, type QuireUnderTest } from '../support/test-domain';

let quire: QuireUnderTest;
beforeAll(async () => {
  quire = await openTestDomain();
});

const contextOf = async (user: TestUser): Promise<OperationContext> =>
  ({ ...quire.services, caller: await authenticateApiToken(quire.services, user.token) }) as OperationContext;

const include = (reusableContent: string, space?: string) => ({
  object: 'block',
  type: 'reusable-content',
  isVoid: true,
  data: { ref: { kind: 'reusable-content', reusableContent, ...(space ? { space } : {}) } },
});

const expression = (text: string) => ({
  object: 'inline',
  type: 'expression',
  isVoid: true,
  data: { expression: text },
});

const paragraph = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', nodes });
const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });

const documentOf = (...nodes: unknown[]) =>
  ({ object: 'document', data: {}, nodes }) as unknown as JSONDocument;

async function spaceWith(owner: TestUser, organizationId: string, changes: unknown[]) {
  const space = await quire.callOperation(operations.spaces.create, owner, {
    organizationId,
    title: 'Space',
  });
  if (changes.length === 0) return { spaceId: space.id, ids: [] };
  const edited = await quire.callOperation(operations.spaces.content.update, owner, {
    spaceId: space.id,
    changes: changes as never,
  });
  const ids = (edited.changes as Array<{ object: string; reusableContent?: string }>)
    .filter((change) => change.object === 'created_reusable_content')
    .map((change) => change.reusableContent as string);
  return { spaceId: space.id, ids };
}

async function placeOf(spaceId: string, pageVariables = {}) {
  const space = await quire.services.repos.spaces.findById(spaceId);
  if (!space) throw new Error('no space');
  return { spaceId, revision: await spaceHead(quire.services, space), pageVariables };
}

const all = { dereferenced: true, evaluated: true } as const;

describe('resolvedDocument', () => {
  it('includes the reusable content’s blocks, evaluates expressions, and follows edits', async () => {
    const org = await createOrganization(quire);
    const { spaceId, ids } = await spaceWith(org.admin, org.organization.id, [
      { operation: 'insert_reusable_content', title: 'Note', document: { markdown: 'Version two.\n' } },
      { operation: 'update_variables', variables: { version: '2.1' } },
    ]);
    const [id] = ids as [string];
    const ctx = await contextOf(org.admin);
    const doc = documentOf(
      paragraph(text('Before.')),
      include(id),
      paragraph(text('v'), expression('space.vars.version'), text(' for '), expression('page.vars.who')),
    );
    const resolved = await resolvedDocument(ctx, doc, await placeOf(spaceId, { who: 'admins' }), all);
    const json = JSON.stringify(resolved);
    expect(json).toContain('Version two.');
    expect(json).not.toContain('"reusable-content"');
    expect(resolved.nodes[2]).toEqual(paragraph(text('v'), text('2.1'), text(' for '), text('admins')));
    // The stored document is left as it was.
    expect(JSON.stringify(doc)).toContain('"reusable-content"');

    await quire.callOperation(operations.spaces.content.update, org.admin, {
      spaceId,
      changes: [
        {
          operation: 'update_reusable_content',
          reusableContent: id,
          document: { markdown: 'Version three.\n' },
        },
      ],
    });
    const again = JSON.stringify(await resolvedDocument(ctx, doc, await placeOf(spaceId), all));
    expect(again).toContain('Version three.');
    expect(again).not.toContain('Version two.');
  });

  it('leaves each block and expression it cannot resolve as stored, saying why', async () => {
    const org = await createOrganization(quire);
    const { spaceId } = await spaceWith(org.admin, org.organization.id, [
      { operation: 'update_variables', variables: { version: '2.1' } },
    ]);
    const ctx = await contextOf(org.admin);
    const resolved = await resolvedDocument(
      ctx,
      documentOf(include('missing'), paragraph(expression('space.vars.nope'), expression('1 + 1'))),
      await placeOf(spaceId),
      all,
    );
    expect(resolved.nodes[0]).toMatchObject({
      type: 'reusable-content',
      meta: { unresolved: 'no such reusable content' },
    });
    const inlines = (resolved.nodes[1] as unknown as { nodes: Array<{ meta: { unresolved: string } }> })
      .nodes;
    expect(inlines[0]?.meta.unresolved).toContain('"nope"');
    expect(inlines[1]?.meta.unresolved).toContain('only space.vars');
    // Without the options: the document as stored.
    const doc = documentOf(include('missing'));
    expect(await resolvedDocument(ctx, doc, await placeOf(spaceId), {})).toBe(doc);
  });

  it('includes another space’s reusable content only for a caller who can view that space', async () => {
    const org = await createOrganization(quire);
    const secret = await spaceWith(org.admin, org.organization.id, [
      { operation: 'insert_reusable_content', title: 'Secret', document: { markdown: 'The launch code.\n' } },
    ]);
    const open = await spaceWith(org.admin, org.organization.id, []);
    // A guest who is invited to the open space only.
    const guest = await addMember(quire, org.organization.id, null);
    await quire.callOperation(operations.spaces.permissions.invite, org.admin, {
      spaceId: open.spaceId,
      role: 'read',
      users: [guest.user.id],
    });
    const doc = documentOf(include(secret.ids[0] as string, secret.spaceId));
    const forAdmin = JSON.stringify(
      await resolvedDocument(await contextOf(org.admin), doc, await placeOf(open.spaceId), all),
    );
    expect(forAdmin).toContain('The launch code.');
    const forGuest = await resolvedDocument(await contextOf(guest), doc, await placeOf(open.spaceId), all);
    expect(JSON.stringify(forGuest)).not.toContain('launch code');
    // Exactly as a missing one reads: nothing tells the guest it exists.
    const missing = await resolvedDocument(
      await contextOf(guest),
      documentOf(include('no-such-id', secret.spaceId)),
      await placeOf(open.spaceId),
      all,
    );
    expect(forGuest.nodes[0]).toMatchObject({ meta: { unresolved: 'no such reusable content' } });
    expect((forGuest.nodes[0] as { meta: unknown }).meta).toEqual(
      (missing.nodes[0] as { meta: unknown }).meta,
    );
    // Another organization's member: the same.
    const stranger = await createOrganization(quire);
    const forStranger = await resolvedDocument(
      await contextOf(stranger.admin),
      doc,
      await placeOf(open.spaceId),
      all,
    );
    expect(JSON.stringify(forStranger)).not.toContain('launch code');
  });

  it('includes one reusable content at each place that includes it', async () => {
    const org = await createOrganization(quire);
    const { spaceId, ids } = await spaceWith(org.admin, org.organization.id, [
      { operation: 'insert_reusable_content', title: 'Loop', document: { markdown: 'Loop body.\n' } },
    ]);
    const ctx = await contextOf(org.admin);
    const resolved = await resolvedDocument(
      ctx,
      documentOf(include(ids[0] as string), include(ids[0] as string)),
      await placeOf(spaceId),
      all,
    );
    expect(JSON.stringify(resolved).match(/Loop body\./g)).toHaveLength(2);
  });
});
