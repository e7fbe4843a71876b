/** Roles granted on a space or a collection to a member or a team. */
import type { Role } from '../../core/schemas';

export interface ContentGrantRecord {
  organizationId: string;
  target: { kind: 'space' | 'collection'; id: string };
  principal: { kind: 'user' | 'team'; id: string };
  role: Role;
  createdAt: string;
}
