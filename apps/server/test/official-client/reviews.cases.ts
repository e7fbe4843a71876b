/**
 * The official clients drive the reviews of a change request (issue 30, item 3): the
 * interface document's client (0.130.0) asks reviewers, lists and takes them back, submits
 * reviews with a comment, lists them, the contributors and the semantic changes, each
 * exchange checked against its document; GitBook's 0.202.0 client reads one review by its id
 * and the organization's queue ("needs my review"), its answers checked against the 0.202.0
 * document (`mismatches0202`), and drives the other review operations again against that
 * document (the reviews list with `outdated`, a review submitted, the requests, contributors
 * and changes). A review by the change request's author arrives as the client's 403. The
 * 0.202.0 client also writes a change request's description and reads it back (issue 30, item 2).
 */
import { ChangeRequestReviewStatus, ChangeRequestStatus } from '@gitbook/api';
import {
  ChangeRequestReviewStatus as ChangeRequestReviewStatus0202,
  ChangeRequestStatus as ChangeRequestStatus0202,
  GitBookAPI as GitBookAPI0202,
} from '@gitbook/api-0202';
import { describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { addMember, createOrganization } from '../support/factories';
import { expectClientError, expectConforms, officialClient } from './official-client';
import { mismatches0202 } from './openapi-spec-0202';
import { testServer } from './shared-server';

describe('change request reviews', () => {
  it('requestReviewersForChangeRequest, submitChangeRequestReview, getReviewsByChangeRequestId, and the rest', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const writer = await addMember(server, org.organization.id, 'edit');
    const reviewer = await addMember(server, org.organization.id, 'review');
    const space = await createSpace(server, org, { title: 'Reviewed' });
    const author = officialClient(server.url, writer.token);
    const client = officialClient(server.url, reviewer.token);

    const { data: cr } = await author.api.spaces.createChangeRequest(space.id, { subject: 'Proposal' });
    const edited = await server.api(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
      method: 'POST',
      token: writer.token,
      body: { changes: [{ operation: 'insert_page', title: 'New page', document: { markdown: 'Hello.' } }] },
    });
    expect(edited.status).toBe(200);

    await author.api.spaces.requestReviewersForChangeRequest(space.id, cr.id, { users: [reviewer.user.id] });
    expectConforms(author.last(), 'requestReviewersForChangeRequest', 200);
    const { data: requested } = await client.api.spaces.getRequestedReviewersByChangeRequestId(
      space.id,
      cr.id,
    );
    expectConforms(client.last(), 'getRequestedReviewersByChangeRequestId', 200);
    expect(requested.items.map((item) => item.kind === 'user' && item.user.id)).toEqual([reviewer.user.id]);

    await expectClientError(
      author,
      author.api.spaces.submitChangeRequestReview(space.id, cr.id, {
        status: ChangeRequestReviewStatus.Approved,
      }),
      'submitChangeRequestReview',
      403,
    );
    const { data: review } = await client.api.spaces.submitChangeRequestReview(space.id, cr.id, {
      status: ChangeRequestReviewStatus.ChangesRequested,
      comment: { markdown: 'Say **why**.' },
    });
    expectConforms(client.last(), 'submitChangeRequestReview', 201);
    expect(review.comment?.body).toEqual({ markdown: 'Say **why**.' });
    await client.api.spaces.submitChangeRequestReview(space.id, cr.id, {
      status: ChangeRequestReviewStatus.Approved,
    });
    const { data: reviews } = await client.api.spaces.getReviewsByChangeRequestId(space.id, cr.id, {
      format: 'document',
    });
    expectConforms(client.last(), 'getReviewsByChangeRequestId', 200);
    // 0.130.0's type has no `outdated` (its document does, and the body was checked against it).
    const outdatedOf = (item: object) => (item as { outdated?: boolean }).outdated;
    expect(reviews.items.map((item) => [item.status, outdatedOf(item)])).toEqual([
      ['approved', false],
      ['changes-requested', true],
    ]);
    expect(reviews.items[1]?.comment?.body).toHaveProperty('document');

    await client.api.spaces.getContributorsByChangeRequestId(space.id, cr.id);
    expectConforms(client.last(), 'getContributorsByChangeRequestId', 200);
    const { data: changes } = await client.api.spaces.getChangeRequestChanges(space.id, cr.id);
    expectConforms(client.last(), 'getChangeRequestChanges', 200);
    expect(changes.changes.map((change) => change.type)).toEqual(['page_created']);

    // GitBook's 0.202.0 client: one review, the queue, and the list with its filter.
    const client0202 = new GitBookAPI0202({ endpoint: server.url, authToken: reviewer.token });
    const one = await client0202.spaces.getChangeRequestReviewById(space.id, cr.id, review.id);
    expect(mismatches0202('getChangeRequestReviewById', 200, one.data)).toEqual([]);
    expect(one.data.outdated).toBe(true);
    const current = await client0202.spaces.getReviewsByChangeRequestId(space.id, cr.id, { outdated: false });
    expect(mismatches0202('getReviewsByChangeRequestId', 200, current.data)).toEqual([]);
    expect(current.data.items.map((item) => item.status)).toEqual(['approved']);
    const queue = await client0202.orgs.listChangeRequestsForOrganization(org.organization.id, {
      status: [ChangeRequestStatus0202.Draft, ChangeRequestStatus0202.Open],
      requestedReviewer: reviewer.user.id,
    });
    expect(mismatches0202('listChangeRequestsForOrganization', 200, queue.data)).toEqual([]);
    expect(queue.data.items.map((item) => item.id)).toEqual([cr.id]);
    // The rest of the reviews' operations through 0.202.0, against its document.
    const author0202 = new GitBookAPI0202({ endpoint: server.url, authToken: writer.token });
    const askedAgain = await author0202.spaces.requestReviewersForChangeRequest(space.id, cr.id, {
      users: [reviewer.user.id],
    });
    expect(mismatches0202('requestReviewersForChangeRequest', 200, askedAgain.data)).toEqual([]);
    const asked0202 = await client0202.spaces.getRequestedReviewersByChangeRequestId(space.id, cr.id);
    expect(mismatches0202('getRequestedReviewersByChangeRequestId', 200, asked0202.data)).toEqual([]);
    const submitted0202 = await client0202.spaces.submitChangeRequestReview(space.id, cr.id, {
      status: ChangeRequestReviewStatus0202.Approved,
      comment: { markdown: 'Good now.' },
    });
    expect(submitted0202.status).toBe(201);
    expect(mismatches0202('submitChangeRequestReview', 201, submitted0202.data)).toEqual([]);
    const contributors0202 = await client0202.spaces.getContributorsByChangeRequestId(space.id, cr.id);
    expect(mismatches0202('getContributorsByChangeRequestId', 200, contributors0202.data)).toEqual([]);
    const changes0202 = await client0202.spaces.getChangeRequestChanges(space.id, cr.id, { limit: 5 });
    expect(mismatches0202('getChangeRequestChanges', 200, changes0202.data)).toEqual([]);
    const mine = await client0202.orgs.listChangeRequestsForOrganization(org.organization.id, {
      status: [ChangeRequestStatus0202.Draft],
      creator: reviewer.user.id,
    });
    expect(mine.data.items).toEqual([]);

    await author.api.spaces.removeRequestedReviewerFromChangeRequest(space.id, cr.id, reviewer.user.id);
    expectConforms(author.last(), 'removeRequestedReviewerFromChangeRequest', 205);
    await author.api.spaces.removeRequestedReviewerFromChangeRequest(space.id, cr.id, reviewer.user.id);
    expectConforms(author.last(), 'removeRequestedReviewerFromChangeRequest', 204);
    const { data: left } = await client.api.spaces.getChangeRequestById(space.id, cr.id);
    expect(left.status).toBe(ChangeRequestStatus.Draft);
  });

  it('updateChangeRequestById with a description, read back by getChangeRequestById (0.202.0)', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const space = await createSpace(server, org, { title: 'Described' });
    const client0202 = new GitBookAPI0202({ endpoint: server.url, authToken: org.admin.token });
    const { data: cr } = await client0202.spaces.createChangeRequest(space.id, { subject: 'Proposal' });
    const description = {
      object: 'document' as const,
      data: {},
      nodes: [
        {
          object: 'block' as const,
          type: 'paragraph' as const,
          data: {},
          nodes: [
            {
              object: 'text' as const,
              leaves: [{ object: 'leaf' as const, text: 'Why it changes.', marks: [] }],
            },
          ],
        },
      ],
    };
    const updated = await client0202.spaces.updateChangeRequestById(space.id, cr.id, { description });
    expect(mismatches0202('updateChangeRequestById', 200, updated.data)).toEqual([]);
    const read = await client0202.spaces.getChangeRequestById(space.id, cr.id);
    expect(mismatches0202('getChangeRequestById', 200, read.data)).toEqual([]);
    expect(JSON.stringify(read.data.description)).toContain('Why it changes.');
  });
});
