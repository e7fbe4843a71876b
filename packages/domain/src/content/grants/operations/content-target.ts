/**
 * The two kinds of content that hold grants, as the permissions operations see them: the
 * name of the path parameter and the guard of each. Each operation's name is given where
 * it is mounted (`index.ts`), written out in full.
 */
import type { OperationContext } from '../../../core/context';
import { IdSchema } from '../../../core/schemas';
import { authorizeCollection } from '../../../policies/authorize-collection';
import { authorizeSpace } from '../../../policies/authorize-space';
import type { ContentTarget } from '../ports';

export interface ContentTargetKind<IdField extends string> {
  kind: ContentTarget['kind'];
  /** The path parameter naming the target. */
  idField: IdField;
  /** 'space' or 'collection', for summaries and messages. */
  noun: string;
}

export const SPACE_TARGET: ContentTargetKind<'spaceId'> = {
  kind: 'space',
  idField: 'spaceId',
  noun: 'space',
};

export const COLLECTION_TARGET: ContentTargetKind<'collectionId'> = {
  kind: 'collection',
  idField: 'collectionId',
  noun: 'collection',
};

/** The path parameter of a target kind, as an input shape to spread. */
export function targetIdShape<IdField extends string>(target: ContentTargetKind<IdField>) {
  return { [target.idField]: IdSchema.describe(`Id of the ${target.noun}`) } as Record<
    IdField,
    typeof IdSchema
  >;
}

/** The target id and the other fields of an operation's parsed input (its id field is generic). */
export function splitInput<Fields, IdField extends string>(
  target: ContentTargetKind<IdField>,
  input: unknown,
): { id: string; fields: Fields } {
  const fields = input as Fields & Record<string, unknown>;
  return { id: fields[target.idField] as string, fields };
}

/**
 * Checks the caller's right on the target: 'view' to list who holds grants, 'admin' to
 * change them. Not found and forbidden as `authorizeSpace`/`authorizeCollection` decide.
 */
export async function authorizeTarget(
  ctx: OperationContext,
  kind: ContentTarget['kind'],
  id: string,
  action: 'view' | 'admin',
): Promise<{ organizationId: string; target: ContentTarget }> {
  const { organization } =
    kind === 'space' ? await authorizeSpace(ctx, id, action) : await authorizeCollection(ctx, id, action);
  return { organizationId: organization.id, target: { kind, id } };
}
