/**
 * The site's recommended-questions job as the Ask and reader tests meet it: which of the fake
 * provider's calls is the job's, and waiting until the job of the site's current version ended.
 */

import type { TestServer } from '../support/test-server';
import type { FakeChatProvider } from './fake-chat-provider';

/** The questions job's request: its system message asks for questions, not an answer. */
export const asksForQuestions = (call: FakeChatProvider['calls'][number]): boolean =>
  call.body.messages?.some(
    (message) => message.role === 'system' && message.content.includes('suggest questions'),
  ) ?? false;

/** The questions job of the site's current version, once it has ended (the server's own worker runs it). */
export async function questionsJobEnded(server: TestServer, siteId: string) {
  const site = await server.services.repos.sites.findById(siteId);
  const key = `${siteId}@${site?.version}`;
  for (;;) {
    const job = await server.services.repos.jobs.findLatestByKey('ask.siteQuestions', key);
    if (job && (job.state === 'done' || job.state === 'failed')) return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
