/**
 * What the console's changing calls do, seen from the app and the audit log: approving a pending
 * comment publishes it to other readers; rejecting hides it; a feedback reply reaches the user as a
 * message; a report handled with a ban refuses the author's next comment (1701) until unbanned;
 * the word filter masks new comments; grants move the ledger exactly once per key; revoking ends
 * the app session. Every change leaves one audit row with before/after, written with the change.
 */
import { ApiCode, type CommentItem } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkRow } from '../db/schema.js';
import { buildAccountsHarness, newIp, type AccountsHarness } from '../testing/accounts.js';
import { adminRequest, signedIn, type OperatorSession } from '../testing/admin-harness.js';
import { buildChapter, buildWork } from '../testing/catalogue-factory.js';
import type { TestSession } from '../testing/test-client.js';

let h: AccountsHarness;
let owner: OperatorSession;
let moderator: OperatorSession;
let alice: TestSession;
let bob: TestSession;
let comic: WorkRow;

const post = (session: TestSession, content: string) =>
  h.call<{ comment: CommentItem }>(
    '/v3/comment/add',
    { work_id: comic.id, content },
    { session, ip: newIp() },
  );
const visibleTo = async (session: TestSession) =>
  (
    await h.call<{ list: { text: string }[] }>('/v3/comment/list', { work_id: comic.id }, { session })
  ).data!.list.map((c) => c.text);
const auditRows = (action: string) =>
  h.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

beforeAll(async () => {
  h = await buildAccountsHarness();
  owner = await signedIn(h.ctx.app, 'owner');
  moderator = await signedIn(h.ctx.app, 'moderator');
  alice = await h.client.initGuest();
  bob = await h.client.initGuest();
  comic = await buildWork(h.ctx.db, null, { title: 'Console comic' });
  await buildChapter(h.ctx.db, { workId: comic.id });
  await h.ctx.db
    .insertInto('settings')
    .values({ key: 'community.comment_publish_directly', value: 'false', updated_time: 1 })
    .execute();
});
afterAll(async () => h.close());

describe('moderation', () => {
  it('publishes approved comments to other readers and hides rejected ones, with an audit row each', async () => {
    const first = (await post(alice, 'First pending words')).data!.comment.id;
    const second = (await post(alice, 'Second pending words')).data!.comment.id;
    expect(await visibleTo(bob)).toEqual([]);

    const queue = await adminRequest<{ data: { id: number; status: number }[]; total: number }>(
      h.ctx.app,
      'GET',
      '/community/comments?status=0',
      { session: moderator },
    );
    expect(queue.body.data.map((c) => c.id)).toEqual([first, second]);

    const approved = await adminRequest<{ changed: number }>(
      h.ctx.app,
      'POST',
      '/community/comments/approve',
      {
        session: moderator,
        body: { ids: [first] },
      },
    );
    expect(approved.body.changed).toBe(1);
    const rejected = await adminRequest(h.ctx.app, 'POST', '/community/comments/reject', {
      session: moderator,
      body: { ids: [second] },
    });
    expect(rejected.status).toBe(200);
    expect(await visibleTo(bob)).toEqual(['First pending words']);

    const [approval] = await auditRows('comment.approve');
    expect(approval).toMatchObject({
      target_type: 'comment',
      target_id: String(first),
      operator_id: moderator.id,
    });
    expect(JSON.parse(approval!.before_json)).toEqual({ status: 0 });
    expect(JSON.parse(approval!.after_json)).toEqual({ status: 1 });
    expect(await auditRows('comment.reject')).toHaveLength(1);

    // Approving again changes nothing and logs nothing more.
    await adminRequest(h.ctx.app, 'POST', '/community/comments/approve', {
      session: moderator,
      body: { ids: [first] },
    });
    expect(await auditRows('comment.approve')).toHaveLength(1);
  });

  it('refuses an unknown comment id in a batch and changes none of it', async () => {
    const pending = (await post(alice, 'Third pending words')).data!.comment.id;
    const answer = await adminRequest(h.ctx.app, 'POST', '/community/comments/approve', {
      session: moderator,
      body: { ids: [pending, 999_999] },
    });
    expect(answer.status).toBe(404);
    const row = await h.ctx.db
      .selectFrom('comments')
      .select('status')
      .where('id', '=', pending)
      .executeTakeFirst();
    expect(row!.status).toBe(0);
  });

  it('masks new comments with the word filter the console saves', async () => {
    const saved = await adminRequest<{ data: string[] }>(h.ctx.app, 'PUT', '/community/words', {
      session: moderator,
      body: { words: [' spoiler ', 'spoiler', ''] },
    });
    expect(saved.body.data).toEqual(['spoiler']);
    const comment = (await post(bob, 'no SPOILER please')).data!.comment;
    expect(comment.text).toBe('no ******* please');
    expect(await auditRows('wordfilter.set')).toHaveLength(1);
  });
});

describe('reports and bans', () => {
  it('hides a reported comment, bans its author from posting (1701) and lifts the ban', async () => {
    const target = (
      await h.ctx.db
        .selectFrom('comments')
        .select('id')
        .where('content', '=', 'First pending words')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await h.call('/v3/comment/report', { id: target, reason: 'abuse' }, { session: bob })).code).toBe(
      1,
    );
    const reports = await adminRequest<{ data: { commentId: number; reports: number }[] }>(
      h.ctx.app,
      'GET',
      '/community/reports',
      {
        session: moderator,
      },
    );
    expect(reports.body.data).toEqual([expect.objectContaining({ commentId: target, reports: 1 })]);

    const resolved = await adminRequest(h.ctx.app, 'POST', `/community/reports/${target}/resolve`, {
      session: moderator,
      body: { action: 'hide', ban: { days: 3, reason: 'harassment' } },
    });
    expect(resolved.status).toBe(200);
    expect(await visibleTo(bob)).not.toContain('First pending words');
    const refused = await post(alice, 'Posting while banned');
    expect(refused.code).toBe(ApiCode.USER_BANNED);
    expect(refused.msg).toMatch(/until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(
      await h.ctx.db
        .selectFrom('comments')
        .where('content', '=', 'Posting while banned')
        .select('id')
        .execute(),
    ).toEqual([]);
    expect(
      (await adminRequest(h.ctx.app, 'GET', '/community/reports', { session: moderator })).body.data,
    ).toEqual([]);
    const [ban] = await auditRows('user.ban');
    expect(JSON.parse(ban!.after_json)).toMatchObject({ reason: 'harassment', days: 3 });

    await adminRequest(h.ctx.app, 'POST', `/users/${alice.userId}/unban`, { session: moderator });
    expect((await post(alice, 'Back after the ban')).code).toBe(1);
  });
});

describe('feedback', () => {
  it('sends the reply to the user as a system message and into their feedback log', async () => {
    const sent = await h.call(
      '/v3/feedback/add',
      { type: 1, content: 'The reader skips a page', contact: '', imgList: [] },
      { session: alice },
    );
    expect(sent.code).toBe(1);
    const list = await adminRequest<{ data: { id: number; content: string }[] }>(
      h.ctx.app,
      'GET',
      '/community/feedback?replied=0',
      {
        session: moderator,
      },
    );
    const feedback = list.body.data.find((f) => f.content === 'The reader skips a page')!;
    const replied = await adminRequest(h.ctx.app, 'POST', `/community/feedback/${feedback.id}/reply`, {
      session: moderator,
      body: { reply: 'Fixed in 1.5, thank you' },
    });
    expect(replied.status).toBe(200);

    const messages = await h.call<{ list: { title: string; content: string }[] }>(
      '/v3/message/read',
      { type: 1, page: 1, limit: 10 },
      { session: alice },
    );
    // The title is a text the app shows in the reader's language.
    expect(messages.data!.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          content: 'Fixed in 1.5, thank you',
          title_key: 'feedbackReply',
          params: {},
        }),
      ]),
    );
    const log = await h.call<{ list: { reply: string }[] }>(
      '/v3/feedback/list',
      { page: 1, limit: 10 },
      { session: alice },
    );
    expect(log.data!.list[0]!.reply).toBe('Fixed in 1.5, thank you');
    // Another user gets no such message.
    const bobs = await h.call<{ list: { content: string }[] }>(
      '/v3/message/read',
      { type: 1, page: 1, limit: 10 },
      { session: bob },
    );
    expect(bobs.data!.list.map((m) => m.content)).not.toContain('Fixed in 1.5, thank you');
    expect(await auditRows('feedback.reply')).toHaveLength(1);
  });
});

describe('users', () => {
  it('finds users by id, nickname or e-mail and shows their sessions', async () => {
    const byId = await adminRequest<{ data: { id: number }[] }>(
      h.ctx.app,
      'GET',
      `/users?q=${alice.userId}`,
      { session: moderator },
    );
    expect(byId.body.data.map((u) => u.id)).toContain(alice.userId);
    const detail = await adminRequest<{ data: { profile: { id: number }; sessions: { id: number }[] } }>(
      h.ctx.app,
      'GET',
      `/users/${alice.userId}`,
      { session: moderator },
    );
    expect(detail.body.data.profile.id).toBe(alice.userId);
    expect(detail.body.data.sessions.length).toBeGreaterThan(0);
    expect((await adminRequest(h.ctx.app, 'GET', '/users/999999', { session: moderator })).status).toBe(404);
  });

  it('grants bonus coins and VIP days through the ledger once per key, and refuses a reused key', async () => {
    const grant = (body: object) =>
      adminRequest<{ entryId: number; created: boolean }>(h.ctx.app, 'POST', `/users/${bob.userId}/grant`, {
        session: owner,
        body,
      });
    const request = { kind: 'coins', amount: 30, reason: 'Contest prize', idempotencyKey: 'grant-key-0001' };
    const first = await grant(request);
    expect(first.body.created).toBe(true);
    const again = await grant(request);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ entryId: first.body.entryId, created: false });
    const conflict = await grant({ ...request, amount: 31 });
    expect(conflict.status).toBe(409);

    const user = await h.call<{ user: { ticket: number } }>('/v3/user/index', {}, { session: bob });
    expect(user.data!.user.ticket).toBe(30);
    const entries = await h.ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', bob.userId)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'bonus_grant', title: 'Operator grant: Contest prize' });
    expect(await auditRows('user.grant_coins')).toHaveLength(1);

    const vip = await grant({
      kind: 'vip_days',
      amount: 2,
      reason: 'Apology',
      idempotencyKey: 'grant-key-0002',
    });
    expect(vip.status).toBe(200);
    const row = await h.ctx.db
      .selectFrom('users')
      .select('viptime')
      .where('id', '=', bob.userId)
      .executeTakeFirstOrThrow();
    expect(Number(row.viptime)).toBeGreaterThan(Date.now() / 1000 + 2 * 86_400 - 60);
    // A moderator may not grant.
    const denied = await adminRequest(h.ctx.app, 'POST', `/users/${bob.userId}/grant`, {
      session: moderator,
      body: { ...request, idempotencyKey: 'grant-key-0003' },
    });
    expect(denied.status).toBe(403);
  });

  it('revokes an app session: the app then answers 401', async () => {
    const carol = await h.client.initGuest();
    expect((await h.call('/v3/user/index', {}, { session: carol })).status).toBe(200);
    const revoked = await adminRequest<{ revoked: number[] }>(
      h.ctx.app,
      'POST',
      `/users/${carol.userId}/sessions/revoke`,
      {
        session: owner,
      },
    );
    expect(revoked.body.revoked).toHaveLength(1);
    expect((await h.call('/v3/user/index', {}, { session: carol })).status).toBe(401);
    expect(await auditRows('user.revoke_sessions')).toHaveLength(1);
  });

  it('lists the audit log newest first with filters (read-only viewers may read it)', async () => {
    const viewer = await signedIn(h.ctx.app, 'viewer');
    const all = await adminRequest<{ data: { action: string }[]; total: number }>(
      h.ctx.app,
      'GET',
      '/audit?pageSize=200',
      {
        session: viewer,
      },
    );
    expect(all.body.total).toBe(all.body.data.length);
    const grants = await adminRequest<{ data: { action: string; targetId: string }[] }>(
      h.ctx.app,
      'GET',
      `/audit?action=user.grant_coins&targetId=${bob.userId}`,
      { session: viewer },
    );
    expect(grants.body.data).toEqual([
      expect.objectContaining({ action: 'user.grant_coins', targetId: String(bob.userId) }),
    ]);
  });
});
