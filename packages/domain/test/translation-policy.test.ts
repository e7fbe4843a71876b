/** The translation rules (`translationPermissionsOf`), as a table of cases. */
import { describe, expect, it } from 'vitest';
import type { RoleOrGuest } from '../src/core/schemas';
import { type TranslationPermissions, translationPermissionsOf } from '../src/policies/translation-policy';

const member = (role: RoleOrGuest, disabled = false) => ({ role, disabled });
const NOTHING: TranslationPermissions = { view: false, edit: false };
const VIEW: TranslationPermissions = { view: true, edit: false };
const ALL: TranslationPermissions = { view: true, edit: true };

const cases: Array<
  [title: string, subject: Parameters<typeof translationPermissionsOf>[0], TranslationPermissions]
> = [
  ['1. not a member: nothing', { member: null }, NOTHING],
  ['1. a disabled admin: nothing', { member: member('admin', true) }, NOTHING],
  ['2. a guest: nothing', { member: member(null) }, NOTHING],
  ['3. an admin: everything', { member: member('admin') }, ALL],
  ['3. a creator: everything', { member: member('create') }, ALL],
  ['3. a reviewer: view', { member: member('review') }, VIEW],
  ['3. an editor: view', { member: member('edit') }, VIEW],
  ['3. a commenter: view', { member: member('comment') }, VIEW],
  ['3. a reader: view', { member: member('read') }, VIEW],
];

describe('translationPermissionsOf', () => {
  it.each(cases)('%s', (_title, subject, expected) => {
    expect(translationPermissionsOf(subject)).toEqual(expected);
  });
});
