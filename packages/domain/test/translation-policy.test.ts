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
  ['2. a guest with admin on the source: nothing', { member: member(null), source: 'admin' }, NOTHING],
  ['3. an admin with no role on the source: nothing', { member: member('admin'), source: null }, NOTHING],
  ['3. a creator with no role on the source: nothing', { member: member('create'), source: null }, NOTHING],
  ['4. an admin: everything', { member: member('admin') }, ALL],
  ['4. a creator: everything', { member: member('create') }, ALL],
  ['4. a reviewer: view', { member: member('review') }, VIEW],
  ['4. an editor: view', { member: member('edit') }, VIEW],
  ['4. a commenter: view', { member: member('comment') }, VIEW],
  ['4. a reader: view', { member: member('read') }, VIEW],
  ['4. a creator who edits the source: everything', { member: member('create'), source: 'edit' }, ALL],
  ['4. a creator who only reads the source: view', { member: member('create'), source: 'read' }, VIEW],
  ['4. a creator who reviews the source: everything', { member: member('create'), source: 'review' }, ALL],
  ['4. a reader who administers the source: view', { member: member('read'), source: 'admin' }, VIEW],
];

describe('translationPermissionsOf', () => {
  it.each(cases)('%s', (_title, subject, expected) => {
    expect(translationPermissionsOf(subject)).toEqual(expected);
  });
});
