/**
 * The comment rules as a table: each action for each role on the space, for the author of
 * the comment and for anyone else, and the `permissions` object the same table gives.
 */
import { describe, expect, it } from 'vitest';
import type { Role } from '../src/core/schemas';
import { type CommentAction, commentAllows, commentPermissions } from '../src/policies/comment-policy';

const ROLES: ReadonlyArray<Role | null> = [null, 'read', 'comment', 'edit', 'review', 'admin'];

/** For each action, the roles allowed (anyone / the author), in the order of ROLES. */
const EXPECTED: Record<CommentAction, { anyone: boolean[]; author: boolean[] }> = {
  //             null   read   comment edit  review admin
  view: { anyone: [false, true, true, true, true, true], author: [false, true, true, true, true, true] },
  post: { anyone: [false, false, true, true, true, true], author: [false, false, true, true, true, true] },
  reply: { anyone: [false, false, true, true, true, true], author: [false, false, true, true, true, true] },
  react: { anyone: [false, false, true, true, true, true], author: [false, false, true, true, true, true] },
  resolve: { anyone: [false, false, true, true, true, true], author: [false, false, true, true, true, true] },
  // Nobody edits another's words, an admin neither; an author who lost the comment role neither.
  edit: {
    anyone: [false, false, false, false, false, false],
    author: [false, false, true, true, true, true],
  },
  // An admin deletes anyone's; an author their own while they may comment.
  delete: {
    anyone: [false, false, false, false, false, true],
    author: [false, false, true, true, true, true],
  },
};

describe('comment rules', () => {
  for (const [action, expected] of Object.entries(EXPECTED) as Array<
    [CommentAction, (typeof EXPECTED)[CommentAction]]
  >) {
    it(`${action}: by role, for anyone and for the author`, () => {
      expect(ROLES.map((role) => commentAllows(action, { role, isAuthor: false }))).toEqual(expected.anyone);
      expect(ROLES.map((role) => commentAllows(action, { role, isAuthor: true }))).toEqual(expected.author);
    });
  }

  it('the permissions object reads the same table', () => {
    for (const role of ROLES) {
      for (const isAuthor of [false, true]) {
        expect(commentPermissions({ role, isAuthor })).toEqual({
          view: commentAllows('view', { role, isAuthor }),
          edit: commentAllows('edit', { role, isAuthor }),
          reply: commentAllows('reply', { role, isAuthor }),
          react: commentAllows('react', { role, isAuthor }),
          resolve: commentAllows('resolve', { role, isAuthor }),
          delete: commentAllows('delete', { role, isAuthor }),
        });
      }
    }
    expect(commentPermissions({ role: 'read', isAuthor: false })).toEqual({
      view: true,
      edit: false,
      reply: false,
      react: false,
      resolve: false,
      delete: false,
    });
  });
});
