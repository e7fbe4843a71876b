/**
 * Mail, invitations and password resets through a real SMTP server on loopback: invitations
 * by email are pending until their link is accepted (once, before it expires), a reset link
 * sets a new password (once, before it expires) and ends every other session, and asking
 * for one answers the same whether or not the address is someone's.
 */
import { JobFailure, type JobRecord, type OutgoingMail, operations } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config';
import { serverJobHandlers } from '../../src/jobs/job-handlers';
import { MAIL_SEND_JOB } from '../../src/mail/job-mail-outbox';
import { mismatches0202 } from '../official-client/openapi-spec-0202';
import { TestBrowser } from '../sessions/test-browser';
import { expectError, expectFieldError } from '../support/expectations';
import { addMember, createOrganization, createUser } from '../support/factories';
import { linkIn, SmtpMailbox } from '../support/smtp-mailbox';
import { startTestServer, type TestServer } from '../support/test-server';

const PASSWORD = 'correct horse battery staple';
const DAY_MS = 24 * 60 * 60 * 1000;

let mailbox: SmtpMailbox;
let server: TestServer;

beforeAll(async () => {
  mailbox = await SmtpMailbox.start();
  server = await startTestServer({
    QUIRE_TRUST_PROXY: 'true',
    QUIRE_SMTP_URL: mailbox.url,
    QUIRE_MAIL_FROM: 'Quire Docs <docs@quire.example>',
  });
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

let n = 0;
const address = (name: string) => `${name}.${++n}.${Date.now().toString(36)}@example.test`;
const tokenOf = (url: URL) => url.pathname.split('/').at(-1)!;

const invite = (orgId: string, token: string, body: unknown) =>
  server.api(`/v1/orgs/${orgId}/invites`, { method: 'POST', token, body });

describe('invitations by email', () => {
  it('makes a pending invitation, mails its link, and the person accepts it once', async () => {
    const org = await createOrganization(server, { title: 'Docs <Team> & Co' });
    const email = address('ann');
    const answered = await invite(org.organization.id, org.admin.token, { emails: [email], role: 'edit' });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body).toMatchObject({ users: [], invited: 1 });
    // GitBook 0.202.0's shape, Quire's `invitations` beside it.
    expect(mismatches0202('inviteUsersToOrganization', 200, answered.body)).toEqual([]);
    const [made] = answered.body.invitations;
    expect(made).toMatchObject({ object: 'invitation', email, role: 'edit', sso: false, expired: false });
    expect(made.urls.accept).toMatch(/^http:\/\/app\.quire\.test\/invite\/[\w-]{43}$/);
    // Nobody is a member yet, and the store has only the token's hash.
    expect(await server.services.repos.users.findByEmail(email)).toBeNull();
    const stored = await server.services.repos.invitations.findById(org.organization.id, made.id);
    expect(JSON.stringify(stored)).not.toContain(tokenOf(new URL(made.urls.accept)));

    const mail = await mailbox.next(email);
    expect(mail.from).toBe('docs@quire.example');
    expect(mail.subject).toContain('invited you to Docs <Team> & Co on Quire');
    expect(mail.messageId).toMatch(/^<\w+@quire\.example>$/);
    expect(linkIn(mail, 'invite').href).toBe(made.urls.accept);
    // The HTML escapes the organization's title; the link is the app's.
    expect(mail.html).toContain('Docs &lt;Team&gt; &amp; Co');
    expect(mail.html).not.toContain('<Team>');
    // The job's payload never holds the link in clear.
    const jobs = await server.services.repos.jobs.list(
      { organizationId: org.organization.id },
      { limit: 10 },
    );
    expect(JSON.stringify(jobs)).not.toContain(tokenOf(linkIn(mail, 'invite')));

    const token = tokenOf(linkIn(mail, 'invite'));
    const browser = new TestBrowser(server);
    const preview = await browser.query('session.invitation', { token });
    expect(preview.data).toMatchObject({
      organization: { id: org.organization.id, title: 'Docs <Team> & Co' },
      email,
      role: 'edit',
      hasAccount: false,
      ssoRequired: false,
    });
    const accepted = await browser.mutate('session.acceptInvitation', {
      token,
      displayName: 'Ann Example',
      password: PASSWORD,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.data).toMatchObject({ organizationId: org.organization.id, user: { email } });
    const me = await browser.request('/v1/user');
    expect(me.body).toMatchObject({ email, displayName: 'Ann Example' });
    const member = await server.api(`/v1/orgs/${org.organization.id}/members/${me.body.id}`, {
      token: org.admin.token,
    });
    expect(member.body.role).toBe('edit');

    // Once only: the link works no more, and nothing is listed.
    const again = await new TestBrowser(server).mutate('session.acceptInvitation', {
      token,
      displayName: 'Mallory',
      password: 'another long passphrase',
    });
    expect(again.status).toBe(400);
    expect(again.body.error.data.fieldErrors ?? again.body.error.message).toBeTruthy();
    const list = await server.api(`/v1/orgs/${org.organization.id}/invitations`, { token: org.admin.token });
    expect(list.body).toMatchObject({ items: [], count: 0 });
  });

  it('leaves members as they are, renews an invitation sent again, and refuses an expired link', async () => {
    const org = await createOrganization(server);
    const already = await addMember(server, org.organization.id, 'review');
    const existing = await createUser(server);
    const email = address('bob');
    const first = await invite(org.organization.id, org.admin.token, {
      emails: [already.user.email, { email: existing.user.email, role: 'read' }, email],
      role: 'comment',
    });
    expect(first.body.users).toEqual([already.user.id, existing.user.id]);
    expect(first.body.invited).toBe(2);
    expect(first.body.invitations.map((i: { email: string; role: string }) => [i.email, i.role])).toEqual([
      [existing.user.email, 'read'],
      [email, 'comment'],
    ]);
    const firstMail = await mailbox.next(email);
    const browser = new TestBrowser(server);
    // The existing account joins with its own password only.
    const existingMail = await mailbox.next(existing.user.email);
    const wrong = await browser.mutate('session.acceptInvitation', {
      token: tokenOf(linkIn(existingMail, 'invite')),
      displayName: 'Anyone',
      password: 'not the password at all',
    });
    expect(wrong.status).toBe(401);
    expect(await server.services.repos.members.find(org.organization.id, existing.user.id)).toBeNull();
    // Inviting again renews the one invitation: a new link, the old one dead.
    const second = await invite(org.organization.id, org.admin.token, { emails: [email], role: 'edit' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.invitations[0].id).toBe(first.body.invitations[1].id);
    const secondMail = await mailbox.next(email);
    const stale = await browser.query('session.invitation', { token: tokenOf(linkIn(firstMail, 'invite')) });
    expect(stale.status).toBe(400);
    const fresh = await browser.query('session.invitation', { token: tokenOf(linkIn(secondMail, 'invite')) });
    expect(fresh.data).toMatchObject({ role: 'edit' });

    // Eight days later the link has expired: listed as such, refused, and sent again it works.
    server.clock.advance(8 * DAY_MS);
    const listed = await server.api(`/v1/orgs/${org.organization.id}/invitations`, {
      token: org.admin.token,
    });
    expect(listed.body.items.find((i: { email: string }) => i.email === email)).toMatchObject({
      expired: true,
    });
    const expired = await browser.mutate('session.acceptInvitation', {
      token: tokenOf(linkIn(secondMail, 'invite')),
      displayName: 'Bob',
      password: PASSWORD,
    });
    expect(expired.status).toBe(400);
    const invitationId = second.body.invitations[0].id;
    const resent = await server.api(`/v1/orgs/${org.organization.id}/invitations/${invitationId}/resend`, {
      method: 'POST',
      token: org.admin.token,
    });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: invitationId, expired: false });
    const resentMail = await mailbox.next(email);
    expect(linkIn(resentMail, 'invite').href).toBe(resent.body.urls.accept);
    // Revoked, the link is dead at once.
    const revoked = await server.api(`/v1/orgs/${org.organization.id}/invitations/${invitationId}`, {
      method: 'DELETE',
      token: org.admin.token,
    });
    expect(revoked.body).toEqual({ revoked: true });
    expect(
      (await browser.query('session.invitation', { token: tokenOf(linkIn(resentMail, 'invite')) })).status,
    ).toBe(400);
  });

  it('refuses a common or short password for a new account, and SSO organizations take no password', async () => {
    const org = await createOrganization(server);
    const email = address('carol');
    const made = await invite(org.organization.id, org.admin.token, { emails: [email] });
    const token = tokenOf(new URL(made.body.invitations[0].urls.accept));
    const browser = new TestBrowser(server);
    for (const password of ['Password123!', 'qwertyuiop', 'short']) {
      const refused = await browser.mutate('session.acceptInvitation', {
        token,
        displayName: 'Carol',
        password,
      });
      expect(refused.status, password).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('password');
    }
    expect(await server.services.repos.users.findByEmail(email)).toBeNull();
    await server.callOperation(operations.orgs.update, org.admin, {
      organizationId: org.organization.id,
      sso: true,
    });
    const sso = await browser.mutate('session.acceptInvitation', {
      token,
      displayName: 'Carol',
      password: PASSWORD,
    });
    expect(sso.status).toBe(403);
    expect((await browser.query('session.invitation', { token })).data).toMatchObject({ ssoRequired: true });
    // An account the address already has joins with its password (proof the provider alone
    // could not give), as an SSO member: later sign-ins go through the provider.
    const daveEmail = address('dave');
    const dave = await createUser(server, { email: daveEmail });
    await server.services.passwords
      .hash(PASSWORD)
      .then((hash) => server.services.repos.users.setPasswordHash(dave.user.id, hash));
    const daveInvite = await invite(org.organization.id, org.admin.token, {
      emails: [{ email: daveEmail, role: 'edit' }],
    });
    const daveToken = tokenOf(new URL(daveInvite.body.invitations[0].urls.accept));
    expect((await browser.query('session.invitation', { token: daveToken })).data).toMatchObject({
      ssoRequired: true,
      hasAccount: true,
    });
    const joined = await new TestBrowser(server).mutate('session.acceptInvitation', {
      token: daveToken,
      displayName: 'Dave',
      password: PASSWORD,
    });
    expect(joined.status).toBe(200);
    expect(await server.services.repos.members.find(org.organization.id, dave.user.id)).toMatchObject({
      role: 'edit',
      sso: true,
    });
  });

  it('is for admins: 403 below, 404 outside, bad input named, nothing written', async () => {
    const org = await createOrganization(server);
    const editor = await addMember(server, org.organization.id, 'create');
    const outsider = await createOrganization(server);
    const base = `/v1/orgs/${org.organization.id}/invitations`;
    expectError(await server.api(base, { token: editor.token }), 403);
    expectError(await server.api(base, { token: outsider.admin.token }), 404);
    expectError(await server.api(`${base}/nope/resend`, { method: 'POST', token: org.admin.token }), 404);
    expectFieldError(await server.api(`${base}?limit=0`, { token: org.admin.token }), 'limit');
    const browser = new TestBrowser(server);
    expect((await browser.query('session.invitation', { token: '' })).status).toBe(400);
    expect((await browser.mutate('session.acceptInvitation', { token: 'x' })).status).toBe(400);
    expect(await server.services.repos.invitations.count(org.organization.id)).toBe(0);
  });
});

describe('password resets', () => {
  it('mails a link that sets a new password once, ending every other session', async () => {
    const email = address('dan');
    const { user } = await createUser(server, { email });
    const signedIn = new TestBrowser(server);
    await server.services.passwords
      .hash(PASSWORD)
      .then((hash) => server.services.repos.users.setPasswordHash(user.id, hash));
    expect((await signedIn.mutate('session.signIn', { email, password: PASSWORD })).status).toBe(200);

    const asking = new TestBrowser(server);
    const asked = await asking.mutate('session.forgotPassword', { email: email.toUpperCase() });
    expect(asked.data).toEqual({ ok: true });
    const mail = await mailbox.next(email);
    expect(mail.subject).toBe('Reset your Quire password');
    const token = tokenOf(linkIn(mail, 'reset-password'));
    expect(
      JSON.stringify(
        await server.services.repos.passwordResets.findByTokenHash(server.services.secrets.sha256(token)),
      ),
    ).not.toContain(token);

    expect((await asking.mutate('session.resetPassword', { token, password: 'qwertyuiop' })).status).toBe(
      400,
    );
    const published: unknown[] = [];
    const stopWatching = server.services.events.watchPublishing((event) => published.push(event));
    const reset = await asking.mutate('session.resetPassword', { token, password: 'a brand new passphrase' });
    stopWatching();
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    // The sessions it ended: the pages they co-edit close theirs before the answer (`access-change.ts`).
    expect(published).toContainEqual(
      expect.objectContaining({ type: 'access.changed', organizationId: '', spaceId: null, userId: user.id }),
    );
    // The browser that reset it is signed in; the other one is signed out.
    expect((await asking.request('/v1/user')).body.email).toBe(email);
    expect((await signedIn.request('/v1/user')).status).toBe(401);
    expect(
      (await new TestBrowser(server).mutate('session.signIn', { email, password: 'a brand new passphrase' }))
        .status,
    ).toBe(200);
    // Once only.
    const reused = await new TestBrowser(server).mutate('session.resetPassword', {
      token,
      password: 'yet another passphrase',
    });
    expect(reused.status).toBe(400);
  });

  it('answers the same for an unknown address, refuses an expired link, and limits asking', async () => {
    const browser = new TestBrowser(server);
    const unknown = await browser.mutate('session.forgotPassword', { email: address('nobody') });
    expect(unknown.status).toBe(200);
    expect(unknown.data).toEqual({ ok: true });

    const email = address('erin');
    await createUser(server, { email });
    expect((await browser.mutate('session.forgotPassword', { email })).data).toEqual({ ok: true });
    const token = tokenOf(linkIn(await mailbox.next(email), 'reset-password'));
    server.clock.advance(61 * 60 * 1000);
    const expired = await browser.mutate('session.resetPassword', {
      token,
      password: 'a brand new passphrase',
    });
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toContain('expired');

    // Five asks per address an hour (known or not alike), then 429 with Retry-After.
    const limited = address('frank');
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        (await new TestBrowser(server).mutate('session.forgotPassword', { email: limited })).status,
      );
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    // Twenty per client address, whatever the addresses asked for.
    const client = new TestBrowser(server);
    const perClient = [];
    for (let i = 0; i < 21; i++)
      perClient.push((await client.mutate('session.forgotPassword', { email: address('g') })).status);
    expect(perClient.filter((status) => status === 429)).toHaveLength(1);
    expect(perClient.at(-1)).toBe(429);
    expectFieldErrorOf(await client.mutate('session.forgotPassword', { email: 'not an address' }));
  });
});

describe('the mail job', () => {
  /** A mail job as the outbox stores it, run by the server's handler directly (the worker's retries are its own tests'). */
  async function runMailJob(id: string, mail: OutgoingMail) {
    const job = {
      id,
      kind: MAIL_SEND_JOB,
      payload: { template: mail.template, sealed: server.services.secrets.seal(JSON.stringify(mail)) },
    } as unknown as JobRecord;
    const log: string[] = [];
    const report = {
      progress: () => {},
      log: (line: string) => log.push(line),
      signal: new AbortController().signal,
    };
    const handler = serverJobHandlers(server.services)[MAIL_SEND_JOB]!;
    const result = await handler(server.services as never, job, report);
    return { result, log };
  }
  const reviewMail = (to: string): OutgoingMail => ({
    template: 'review_requested',
    to,
    actorName: 'Ann <b>Bold</b>',
    changeRequestNumber: 7,
    changeRequestSubject: 'Fix the\r\nBcc: someone@evil.test install page',
    link: 'http://app.quire.test/o/x/s/y/~/changes/7',
  });

  it('sends again, with the same Message-ID, when a job runs twice (at least once)', async () => {
    const to = address('twice');
    await runMailJob('job0000000000twice', reviewMail(to));
    await runMailJob('job0000000000twice', reviewMail(to));
    const [first, second] = mailbox.for(to);
    expect(second?.messageId).toBe(first?.messageId);
    expect(first?.messageId).toBe('<job0000000000twice@quire.example>');
    // A subject is one line: a value's line break adds no header.
    expect(first?.raw).not.toMatch(/^Bcc:/m);
    expect(first?.html).toContain('Ann &lt;b&gt;Bold&lt;/b&gt;');
  });

  it('fails at once on a 5xx answer, and leaves a 4xx one to the retries', async () => {
    mailbox.refuseNext(550);
    const refused = runMailJob('job00000000refused', reviewMail(address('refused')));
    await expect(refused).rejects.toBeInstanceOf(JobFailure);
    await expect(refused).rejects.toMatchObject({ code: 'MAIL_REFUSED', retry: false });
    mailbox.refuseNext(451);
    const later = runMailJob('job000000000later', reviewMail(address('later')));
    await expect(later).rejects.not.toBeInstanceOf(JobFailure);
  });
});

describe('the mail configuration', () => {
  it('takes an smtp(s) URL with a sender, and says what is wrong otherwise', () => {
    expect(parseConfig({}).mail).toBeUndefined();
    expect(
      parseConfig({ QUIRE_SMTP_URL: 'smtps://u:p@mail.example:465', QUIRE_MAIL_FROM: 'docs@example.com' })
        .mail,
    ).toEqual({ smtpUrl: 'smtps://u:p@mail.example:465', from: 'docs@example.com' });
    expect(() => parseConfig({ QUIRE_SMTP_URL: 'smtp://mail.example' })).toThrow(
      /QUIRE_MAIL_FROM: required with QUIRE_SMTP_URL/,
    );
    expect(() => parseConfig({ QUIRE_SMTP_URL: 'https://mail.example', QUIRE_MAIL_FROM: 'a@b.c' })).toThrow(
      /QUIRE_SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => parseConfig({ QUIRE_MAIL_FROM: 'Quire docs@example.com' })).toThrow(
      /QUIRE_MAIL_FROM: must be an address/,
    );
    // The error names the variable, never the URL's password.
    expect(() => parseConfig({ QUIRE_SMTP_URL: 'smtp://user:s3cret@mail.example' })).toThrow(
      /^(?![\s\S]*s3cret)/,
    );
  });
});

function expectFieldErrorOf(response: { status: number; body: unknown }) {
  expect(response.status).toBe(400);
  expect(JSON.stringify(response.body)).toContain('email');
}
