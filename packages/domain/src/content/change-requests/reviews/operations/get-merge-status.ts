import { operation } from '../../../../core/operation';
import { authorizeChangeRequest } from '../../../../policies/authorize-change-request';
import { changeRequestPermissions } from '../../../../policies/change-request-policy';
import { ChangeRequestPathSchema } from '../../operations/params';
import { acceptsEdits } from '../../patch-rules';
import { checkMergeRules } from '../merge-check';
import { type MergeStatus, MergeStatusSchema } from '../merge-rules-schema';

/**
 * Whether a change request may be merged now: each merge rule in force (the space's, else its
 * organization's) satisfied or not, the first that blocks, and what the caller may do with it
 * (the change-request rule table), so the web app's merge button can say why it is disabled.
 * Quire's own (GitBook shows this in its app only). Needs `view`. Outcomes: a space or change
 * request the caller cannot see, 404.
 */
export const getMergeStatus = operation({
  name: 'changeRequests.mergeStatus',
  kind: 'query',
  summary: 'Say whether a change request may be merged, and which rule blocks it',
  input: ChangeRequestPathSchema,
  output: MergeStatusSchema,
  async run(ctx, input): Promise<MergeStatus> {
    const { space, changeRequest, person } = await authorizeChangeRequest(ctx, input, 'view');
    const isRequestedReviewer =
      (await ctx.repos.changeRequestReviewers.find(changeRequest.id, ctx.caller?.userId ?? '')) !== null;
    const check = await checkMergeRules(ctx, space, changeRequest);
    const status: MergeStatus = {
      object: 'change-request-merge-status',
      mergeable: acceptsEdits(changeRequest.status) && check.blocking === null,
      rules: check.outcomes,
      source: check.source,
      permissions: changeRequestPermissions({ ...person, isRequestedReviewer }),
    };
    if (check.blocking) status.blockedBy = check.blocking;
    return status;
  },
});
