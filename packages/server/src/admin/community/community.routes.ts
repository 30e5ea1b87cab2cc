/** Community section: moderation queue, reports, word filter, feedback replies, broadcast notices. */
import { z } from 'zod';
import { defineAdminRoute } from '../admin-route.js';
import { idParams, pageQuery } from '../paging.js';

const ids = z.array(z.number().int().positive()).min(1).max(200);
const banInput = z.object({
  days: z.number().int().min(1).max(3650),
  reason: z.string().trim().min(1).max(400),
});

export const COMMUNITY_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/community/comments',
    role: 'viewer',
    moderation: true,
    tag: 'console-community',
    summary:
      'Comments by status (0 pending — the moderation queue, oldest first; 1 published; 2 rejected), work, author or text.',
    query: pageQuery.extend({
      status: z.coerce.number().int().min(0).max(2).optional(),
      workId: z.coerce.number().int().positive().optional(),
      userId: z.coerce.number().int().positive().optional(),
      q: z.string().max(100).optional(),
    }),
    async handler({ query, request }) {
      const { page, pageSize, ...filter } = query;
      const { rows, total } = await request.server.services.admin.community.listComments(
        filter,
        (page - 1) * pageSize,
        pageSize,
      );
      return { data: rows, total };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/community/comments/approve',
    role: 'moderator',
    tag: 'console-community',
    summary: 'Publish comments (one or many); a published reply notifies the author it answers.',
    body: z.object({ ids }),
    async handler({ body, change, request }) {
      const changed = await change((trx, audit) =>
        request.server.services.admin.community.moderate(trx, audit, body.ids, true),
      );
      return { changed };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/community/comments/reject',
    role: 'moderator',
    tag: 'console-community',
    summary: 'Reject comments (one or many): hidden from everyone but their author.',
    body: z.object({ ids }),
    async handler({ body, change, request }) {
      const changed = await change((trx, audit) =>
        request.server.services.admin.community.moderate(trx, audit, body.ids, false),
      );
      return { changed };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/community/reports',
    role: 'viewer',
    moderation: true,
    tag: 'console-community',
    summary: 'Reported comments (open or handled), each with its content, author and every report reason.',
    query: pageQuery.extend({ handled: z.enum(['0', '1']).default('0') }),
    async handler({ query, request }) {
      const { rows, total } = await request.server.services.admin.community.listReports(
        query.handled === '1',
        (query.page - 1) * query.pageSize,
        query.pageSize,
      );
      return { data: rows.map((row) => ({ id: row.commentId, ...row })), total };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/community/reports/:id/resolve',
    role: 'moderator',
    tag: 'console-community',
    summary:
      'Handle a reported comment (id = the comment): hide it, delete it (with its replies) or dismiss the reports; optionally ban its author from posting for N days.',
    params: idParams,
    body: z.object({ action: z.enum(['hide', 'delete', 'dismiss']), ban: banInput.optional() }),
    async handler({ params, body, change, request }) {
      await change((trx, audit) =>
        request.server.services.admin.community.handleReport(
          trx,
          audit,
          params.id,
          body.action,
          body.ban ?? null,
        ),
      );
      return {};
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/community/review',
    role: 'viewer',
    moderation: true,
    tag: 'console-community',
    summary: 'Whether new comments wait for review (reviewFirst) instead of being published at once.',
    async handler({ request }) {
      return { data: { reviewFirst: await request.server.services.admin.community.reviewFirst() } };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/community/review',
    role: 'moderator',
    tag: 'console-community',
    summary:
      'Switch review-first comments on or off (comments already posted keep their state; held ones are published from the comments queue).',
    body: z.object({ reviewFirst: z.boolean() }),
    async handler({ body, change, request }) {
      const reviewFirst = await change((trx, audit) =>
        request.server.services.admin.community.setReviewFirst(trx, audit, body.reviewFirst),
      );
      return { data: { reviewFirst } };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/community/words',
    role: 'viewer',
    moderation: true,
    tag: 'console-community',
    summary: 'The word filter: words masked with * in new comments and feedback.',
    async handler({ request }) {
      return { data: await request.server.services.admin.community.words() };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/community/words',
    role: 'moderator',
    tag: 'console-community',
    summary: 'Replace the word filter (trimmed, duplicates and blanks dropped).',
    body: z.object({ words: z.array(z.string().max(50)).max(2000) }),
    async handler({ body, change, request }) {
      const words = await change((trx, audit) =>
        request.server.services.admin.community.setWords(trx, audit, body.words),
      );
      return { data: words };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/community/feedback',
    role: 'viewer',
    moderation: true,
    tag: 'console-community',
    summary: 'Feedback from users, newest first; `replied` 0 or 1 filters.',
    query: pageQuery.extend({ replied: z.enum(['0', '1']).optional() }),
    async handler({ query, request }) {
      const replied = query.replied === undefined ? undefined : query.replied === '1';
      const { rows, total } = await request.server.services.admin.community.listFeedback(
        replied,
        (query.page - 1) * query.pageSize,
        query.pageSize,
      );
      return { data: rows, total };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/community/feedback/:id/reply',
    role: 'moderator',
    tag: 'console-community',
    summary: "Answer a feedback: shown in the user's feedback log and sent as a system message.",
    params: idParams,
    body: z.object({ reply: z.string().trim().min(1).max(2000) }),
    async handler({ params, body, change, request }) {
      await change((trx, audit) =>
        request.server.services.admin.community.replyFeedback(trx, audit, params.id, body.reply),
      );
      return {};
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/community/notices',
    role: 'admin',
    tag: 'console-community',
    summary: "A system message to every user (each user's read state is their own).",
    body: z.object({
      title: z.string().trim().min(1).max(200),
      content: z.string().trim().min(1).max(2000),
    }),
    async handler({ body, change, request }) {
      await change((trx, audit) =>
        request.server.services.admin.community.broadcast(trx, audit, body.title, body.content),
      );
      return {};
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/users/:id/ban',
    role: 'moderator',
    tag: 'console-users',
    summary: 'Ban a user from posting comments for N days (a longer ban already running is kept).',
    params: idParams,
    body: banInput,
    async handler({ params, body, change, request }) {
      const until = await change((trx, audit) =>
        request.server.services.admin.community.ban(trx, audit, params.id, body.days, body.reason),
      );
      return { bannedUntil: until };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/users/:id/unban',
    role: 'moderator',
    tag: 'console-users',
    summary: 'Lift a posting ban.',
    params: idParams,
    async handler({ params, change, request }) {
      await change((trx, audit) => request.server.services.admin.community.unban(trx, audit, params.id));
      return {};
    },
  }),
];
