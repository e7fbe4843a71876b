/**
 * Mail for review requests and mentions through a real SMTP server on loopback: asking
 * someone to review a change request mails them (subject naming it, link to it), a mention
 * in a comment mails the member mentioned; the actor, an outsider mentioned and anyone who
 * turned the "email notifications" preference off get none. The preference is the user's
 * own (`user.preferences.get` / `update`), the same on REST, GraphQL and tRPC. Absence is
 * read from the stored mail jobs (posted before the operation answers), never by waiting.
 */
import { type JobRecord, unsealMail } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_SEND_JOB } from '../../src/mail/job-mail-outbox';
import { expectFieldError } from '../support/expectations';
import { callFace, findRoute } from '../support/faces/call-faces';
import { FACES } from '../support/faces/face-call';
import { addMember, createOrganization, createUser, type TestOrganization } from '../support/factories';
import { type ReceivedMail, SmtpMailbox } from '../support/smtp-mailbox';
import { startTestServer, type TestServer } from '../support/test-server';

let mailbox: SmtpMailbox;
let server: TestServer;

beforeAll(async () => {
  mailbox = await SmtpMailbox.start();
  server = await startTestServer({
    QUIRE_SMTP_URL: mailbox.url,
    QUIRE_MAIL_FROM: 'Quire Docs <docs@quire.example>',
  });
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

/** The recipients of the mail jobs filed under an organization, by template. */
async function mailedIn(organizationId: string, template: string): Promise<string[]> {
  const jobs = await server.services.repos.jobs.list({ organizationId }, { limit: 100 });
  return jobs.items
    .filter((job: JobRecord) => job.kind === MAIL_SEND_JOB && job.payload.template === template)
    .map((job: JobRecord) => unsealMail(server.services, String(job.payload.sealed))!.to)
    .sort();
}

async function spaceWithChangeRequest(org: TestOrganization, subject: string) {
  const space = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Handbook' },
  });
  expect(space.status, JSON.stringify(space.body)).toBe(201);
  const changeRequest = await server.api(`/v1/spaces/${space.body.id}/change-requests`, {
    method: 'POST',
    token: org.admin.token,
    body: { subject },
  });
  expect(changeRequest.status, JSON.stringify(changeRequest.body)).toBe(201);
  return { spaceId: space.body.id as string, changeRequest: changeRequest.body };
}

const requestReview = (token: string, spaceId: string, changeRequestId: string, users: string[]) =>
  server.api(`/v1/spaces/${spaceId}/change-requests/${changeRequestId}/requested-reviewers`, {
    method: 'POST',
    token,
    body: { users },
  });

/** The one link of a mail's text (the app's, written as its own text; a mention quoted as its name). */
function linkOf(mail: ReceivedMail): URL {
  const found = mail.text.match(/https?:\/\/\S+/g) ?? [];
  expect(found, mail.text).toHaveLength(1);
  return new URL(found[0]!);
}

const mention = (userId: string, name: string) => `[${name}](https://app.gitbook.com/u/${userId} "mention")`;

describe('review request mail', () => {
  it('mails the reviewer a link to the change request, and not once they turned mail off', async () => {
    const org = await createOrganization(server);
    const reviewer = await addMember(server, org.organization.id, 'review');
    const quiet = await addMember(server, org.organization.id, 'review');
    const { spaceId, changeRequest } = await spaceWithChangeRequest(org, 'Rewrite the <install> page');

    const off = await server.api('/v1/user/preferences', {
      method: 'PATCH',
      token: quiet.token,
      body: { emailNotifications: false },
    });
    expect(off.body).toEqual({ object: 'user-preferences', emailNotifications: false });

    const asked = await requestReview(org.admin.token, spaceId, changeRequest.id, [
      reviewer.user.id,
      quiet.user.id,
    ]);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    // Both are notified in the app; only the one with mail on is mailed, the actor never.
    expect(await mailedIn(org.organization.id, 'review_requested')).toEqual([reviewer.user.email]);

    const mail = await mailbox.next(reviewer.user.email);
    expect(mail.subject).toBe(
      `${org.admin.user.displayName} asked you to review #${changeRequest.number}: Rewrite the <install> page`,
    );
    expect(linkOf(mail).href).toBe(changeRequest.urls.app);
    expect(mail.html).toContain('Rewrite the &lt;install&gt; page');
  });
});

describe('mention mail', () => {
  it('mails a mentioned member who may read the comment; not the actor, nor an outsider', async () => {
    const org = await createOrganization(server);
    const writer = await addMember(server, org.organization.id, 'comment');
    const member = await addMember(server, org.organization.id, 'read');
    const outsider = await createUser(server);
    const { spaceId } = await spaceWithChangeRequest(org, 'Unused');

    const markdown = `Could ${mention(member.user.id, 'Member')} and ${mention(outsider.user.id, 'Outsider')} check this? — ${mention(writer.user.id, 'Me')}`;
    const posted = await server.api(`/v1/spaces/${spaceId}/comments`, {
      method: 'POST',
      token: writer.token,
      body: { body: { markdown } },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(await mailedIn(org.organization.id, 'mention')).toEqual([member.user.email]);

    const mail = await mailbox.next(member.user.email);
    expect(mail.subject).toBe(`${writer.user.displayName} mentioned you in Handbook`);
    expect(mail.text).toContain('Could Member and Outsider check this? — Me');
    expect(linkOf(mail).pathname).toMatch(new RegExp(`/s/${spaceId}$`));

    // A reply mentioning them again mails them again; with mail off, it does not.
    const reply = (token: string) =>
      server.api(`/v1/spaces/${spaceId}/comments/${posted.body.id}/replies`, {
        method: 'POST',
        token,
        body: { body: { markdown: `See ${mention(member.user.id, 'Member')}` } },
      });
    expect((await reply(writer.token)).status).toBe(200);
    expect(await mailedIn(org.organization.id, 'mention')).toEqual([member.user.email, member.user.email]);
    await server.api('/v1/user/preferences', {
      method: 'PATCH',
      token: member.token,
      body: { emailNotifications: false },
    });
    expect((await reply(writer.token)).status).toBe(200);
    expect(await mailedIn(org.organization.id, 'mention')).toHaveLength(2);
  });
});

describe('user.preferences', () => {
  it('is on by default, the same on the three faces, and refuses a value that is no boolean', async () => {
    const getRoute = findRoute('GET /v1/user/preferences')!;
    const updateRoute = findRoute('PATCH /v1/user/preferences')!;
    for (const face of FACES) {
      const person = await createUser(server);
      const read = await callFace(server, face, { route: getRoute, input: {}, token: person.token });
      // GraphQL's answer carries the fields selected: REST's and tRPC's the whole resource.
      expect(read.status, face).toBe(200);
      if (face !== 'graphql')
        expect(read.data, face).toEqual({ object: 'user-preferences', emailNotifications: true });
      const changed = await callFace(server, face, {
        route: updateRoute,
        input: { emailNotifications: false },
        token: person.token,
      });
      expect(changed.status, face).toBe(200);
      const after = await server.api('/v1/user/preferences', { token: person.token });
      expect(after.body, face).toEqual({ object: 'user-preferences', emailNotifications: false });
      const refused = await callFace(server, face, {
        route: updateRoute,
        input: { emailNotifications: true },
        rawFields: '{"emailNotifications": "yes"}',
        token: person.token,
      });
      expect(refused.status, face).toBe(400);
      expect((await server.services.repos.users.findById(person.user.id))?.emailNotifications, face).toBe(
        false,
      );
    }
    const anonymous = await server.api('/v1/user/preferences', {});
    expect(anonymous.status).toBe(401);
    const person = await createUser(server);
    expectFieldError(
      await server.api('/v1/user/preferences', {
        method: 'PATCH',
        token: person.token,
        body: { emailNotifications: 1 },
      }),
      'emailNotifications',
    );
  });
});
