/** How the comments area is served: its routes, its documentation tags. */
import { commentRoutes } from '../faces/rest/routes/comments';
import { defineServerArea } from './server-area';

export const commentsServing = defineServerArea({
  key: 'comments',
  routes: commentRoutes,
  tags: [
    {
      name: 'Comments',
      group: 'review',
      prefixes: ['spaces.comments', 'changeRequests.comments'],
      description:
        'Discussions on a space or in a change request, optionally about one page: comments and their ' +
        'replies, with emoji reactions; a comment is resolved and reopened, and the space and change ' +
        'request count the open ones.',
    },
  ],
});
