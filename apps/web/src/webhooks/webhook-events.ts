/** The event types an endpoint can receive, as the settings offer them (docs/webhooks.md says what each carries). */
export const WEBHOOK_EVENT_CHOICES = [
  ['space.created', 'Space created'],
  ['space.updated', 'Space updated'],
  ['space.deleted', 'Space deleted'],
  ['space.content_updated', 'Content changed (new revision)'],
  ['change_request.opened', 'Change request opened'],
  ['change_request.review_requested', 'Review requested'],
  ['change_request.approved', 'Change request approved'],
  ['change_request.merged', 'Change request merged'],
  ['comment.created', 'Comment posted'],
  ['comment.reply_created', 'Reply posted'],
  ['site.published', 'Site published'],
  ['site.unpublished', 'Site unpublished'],
  ['member.role_changed', 'Member’s role changed'],
  ['member.removed', 'Member removed'],
  ['team.created', 'Team created'],
  ['team.updated', 'Team updated'],
  ['team.deleted', 'Team deleted'],
  ['team.members_changed', 'Team’s members changed'],
] as const;

export type WebhookEventChoice = (typeof WEBHOOK_EVENT_CHOICES)[number][0];
