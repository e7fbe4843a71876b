/** The organization of an app path (`/o/{organization}/…`), for the sign-in screen: where the person was going. */
import { safeRedirect } from '../session/session-queries';

export function organizationOfPath(path: string | undefined): string | undefined {
  return /^\/o\/([A-Za-z0-9_-]+)/.exec(safeRedirect(path))?.[1];
}
