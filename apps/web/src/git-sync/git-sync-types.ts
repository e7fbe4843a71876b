/** A space's Git Sync settings as the server presents them to the app. */
import type { RouterOutputs } from '../api/app-router';

export type GitSyncState = RouterOutputs['git']['info'];
export type GitSyncRun = NonNullable<GitSyncState['lastImport']>;
