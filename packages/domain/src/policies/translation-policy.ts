/**
 * The translation rule set: one table drives both the guards (`authorizeTranslations`,
 * `authorizeTranslation`) and the `permissions` object of every translation. A translation
 * belongs to its organization, so what a member may do with it follows their organization
 * role; it reads a source space and writes its content into a result space that carries the
 * source's access, so creating or running one also needs the right to edit that space
 * (`authorizeTranslationSource`): whoever may only read it must not copy it elsewhere.
 */
import type { SpaceRecord } from '../content/spaces/records';
import { callerOf, type OperationContext } from '../core/context';
import { forbidden, notFound } from '../core/errors';
import { type Role, roleAtLeast } from '../core/schemas';
import type { MemberRecord } from '../organizations/records';
import type { TranslationRecord } from '../translations/records';
import { effectiveRolesFor } from './content-access';
import { authorizeOrganization } from './organization-policy';

export const TRANSLATION_ACTIONS = ['view', 'edit'] as const;
export type TranslationAction = (typeof TRANSLATION_ACTIONS)[number];
export type TranslationPermissions = Record<TranslationAction, boolean>;

/**
 * The least organization role each action needs. Members with a role see the translations
 * (as they see the organization's spaces by default). `edit` (create, change the
 * instructions, run, delete) needs `create`, GitBook's right to create content in the
 * organization (`createContent`): a run makes a space, the result, in the organization.
 */
export const TRANSLATION_RULES: Record<TranslationAction, Role> = {
  view: 'read',
  edit: 'create',
};

/** The least role on the source space that creating, changing, running or deleting its translation needs. */
const SOURCE_ROLE: Role = 'edit';

const NOTHING: TranslationPermissions = { view: false, edit: false };

/**
 * What a caller may do with the translations of an organization, or with one of them. The
 * rules, in order (the first that decides wins):
 *
 * 1. Not a member, or a member whose access is disabled: nothing (the organization is not found).
 * 2. A guest (no organization role): nothing (translations are not content shared with
 *    them: the translation is not found).
 * 3. On one translation (`source` given): no role on its source space, nothing (it is about
 *    content they may not see: not found; issue 25).
 * 4. A member with a role: what the role allows (`TRANSLATION_RULES`); on one translation, `edit`
 *    also needs `edit` on its source space (its runs copy the source into a space that
 *    carries the source's access: whoever may only read the source must not drive that).
 */
export function translationPermissionsOf(subject: {
  member: Pick<MemberRecord, 'role' | 'disabled'> | null;
  /** The caller's role on the translation's source space (null: none), for one translation. */
  source?: Role | null;
}): TranslationPermissions {
  const { member, source } = subject;
  if (member === null || member.disabled) return NOTHING; // 1
  if (member.role === null) return NOTHING; // 2
  if (source === null) return NOTHING; // 3
  const role = member.role;
  return Object.fromEntries(
    TRANSLATION_ACTIONS.map((action) => [
      action,
      roleAtLeast(role, TRANSLATION_RULES[action]) &&
        (action === 'view' || source === undefined || roleAtLeast(source, SOURCE_ROLE)),
    ]),
  ) as TranslationPermissions; // 4
}

/**
 * The caller's standing in an organization for its translations. Not a member (or
 * disabled), 404 'Organization'; a guest, 404 'Translation' (as if there were none); a role
 * too low for the action, 403.
 */
export async function authorizeTranslations(
  ctx: OperationContext,
  organizationId: string,
  action: TranslationAction,
): Promise<{ member: MemberRecord; permissions: TranslationPermissions }> {
  const { member } = await authorizeOrganization(ctx, organizationId, 'view');
  const permissions = translationPermissionsOf({ member });
  if (!permissions.view) throw notFound('Translation');
  if (!permissions[action]) throw forbidden(`Your role in this organization does not allow: ${action}`);
  return { member, permissions };
}

/**
 * Loads a translation of an organization and checks an action on it
 * (`translationPermissionsOf` with the caller's role on its source space). No such
 * translation in this organization, or one of a source the caller cannot view, 404
 * 'Translation': its instructions, stats and spaces are about content they may not see
 * (issue 25); an organization role, or a role on the source, too low for the action, 403.
 */
export async function authorizeTranslation(
  ctx: OperationContext,
  organizationId: string,
  translationId: string,
  action: TranslationAction,
): Promise<{ translation: TranslationRecord; permissions: TranslationPermissions }> {
  const [{ member }, translation] = await Promise.all([
    authorizeTranslations(ctx, organizationId, action),
    ctx.repos.translations.findById(translationId),
  ]);
  if (!translation || translation.organizationId !== organizationId) throw notFound('Translation');
  const permissions = (await translationPermissionsFor(ctx, member, [translation])).get(translation.id);
  if (!permissions?.view) throw notFound('Translation');
  if (!permissions[action])
    throw forbidden(`source.space: your role on the source space does not allow: ${action}`);
  return { translation, permissions };
}

/**
 * The caller's permissions on each of the translations (`translationPermissionsOf`), from
 * their role on each source space, in one batch of reads. A source removed for good or
 * moved to another organization counts as one the organization's admins administer (so
 * they may delete the translation) and nobody else sees.
 */
export async function translationPermissionsFor(
  ctx: OperationContext,
  member: MemberRecord,
  translations: readonly TranslationRecord[],
): Promise<Map<string, TranslationPermissions>> {
  const sources = await ctx.repos.spaces.findByIds([...new Set(translations.map((t) => t.sourceSpaceId))]);
  const byId = new Map(sources.map((space) => [space.id, space]));
  const sourceOf = (t: TranslationRecord) => {
    const space = byId.get(t.sourceSpaceId);
    return space?.organizationId === t.organizationId ? space : undefined;
  };
  const roles = await effectiveRolesFor(
    ctx,
    'space',
    translations.flatMap((t) => sourceOf(t) ?? []),
    callerOf(ctx).userId,
  );
  const removedSourceRole: Role | null = member.role === 'admin' && !member.disabled ? 'admin' : null;
  return new Map(
    translations.map((t) => {
      const source = sourceOf(t) ? (roles.get(t.sourceSpaceId) ?? null) : removedSourceRole;
      return [t.id, translationPermissionsOf({ member, source })] as const;
    }),
  );
}

/**
 * The source space of a translation, for a caller about to translate it (create, run): a
 * space of the organization, not deleted, on which the caller holds `edit` (issue 25: a
 * reader of an admin-only space translated it into a space the whole organization saw).
 * A space the caller cannot view (or none, deleted, elsewhere): 404 naming `source.space`
 * (whether it exists does not leak); one they view with a role below `edit`: 403 naming
 * `source.space`.
 */
export async function authorizeTranslationSource(
  ctx: OperationContext,
  organizationId: string,
  spaceId: string,
): Promise<SpaceRecord> {
  const space = await ctx.repos.spaces.findById(spaceId);
  const refused = notFound('source.space: Space');
  if (!space || space.organizationId !== organizationId || space.deletedAt !== undefined) throw refused;
  const roles = await effectiveRolesFor(ctx, 'space', [space], callerOf(ctx).userId);
  const role = roles.get(space.id);
  if (!role) throw refused;
  if (!roleAtLeast(role, SOURCE_ROLE))
    throw forbidden('source.space: translating a space needs the right to edit it');
  return space;
}
