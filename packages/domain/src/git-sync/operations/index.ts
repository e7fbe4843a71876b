/** The Git Sync area's operations, mounted under `git` (GitBook's `SPACE/git/...` routes). */
import type { OperationTree } from '../../core/operation';
import { exportToGitRepository } from './export-to-git-repository';
import { getGitInfo } from './get-git-info';
import { getGitSettings } from './get-git-settings';
import { importGitRepository } from './import-git-repository';
import { removeGitInstallation } from './remove-git-installation';

export const gitSyncOperations = {
  git: {
    import: importGitRepository,
    export: exportToGitRepository,
    info: getGitInfo,
    settings: getGitSettings,
    removeInstallation: removeGitInstallation,
  },
} satisfies OperationTree;
