import { ApiCode, REPORT_SUCCESS_MESSAGE, type CommentItem, type CommentWithReplies } from '@dm51/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WorkRow } from '../../db/schema.js';
import { buildAccountsHarness, newIp, type AccountsHarness } from '../../testing/accounts.js';
import { buildChapter, buildWork } from '../../testing/catalogue-factory.js';
import type { TestSession } from '../../testing/test-client.js';

let h: AccountsHarness;
let alice: TestSession;
let bob: TestSession;
let carol: TestSession;
let comic: WorkRow;
let png: Buffer;

interface Page<T> {
  list: T[];
  total: number;
}

const list = async (session: TestSession, extra: Record<string, unknown> = {}) =>
  (await h.call<Page<CommentWithReplies>>('/v3/comment/list', { work_id: comic.id, ...extra }, { session }))
    .data!;
const post = (session: TestSession, payload: Record<string, unknown>) =>
  h.call<{ comment: CommentItem }>(
    '/v3/comment/add',
    { work_id: comic.id, ...payload },
    { session, ip: newIp() },
  );

beforeAll(async () => {
  h = await buildAccountsHarness();
  alice = await h.client.initGuest();
  bob = await h.client.initGuest();
  carol = await h.client.initGuest();
  comic = await buildWork(h.ctx.db, null, { title: 'Comment comic' });
  await buildChapter(h.ctx.db, { workId: comic.id });
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});
afterAll(async () => h.close());
// Each test starts with fresh rate-limit windows; the last test checks the limit itself.
beforeEach(async () => h.forgetLimits());

describe('posting comments (spec §5)', () => {
  it('refuses 2 characters or fewer, nothing at all, and more than 240 characters', async () => {
    for (const content of ['', 'ab', '  a  ']) {
      const result = await post(alice, { content });
      expect(result.code).toBe(ApiCode.PARAMS_INVALID);
      expect(result.msg).toBe('comment too short!');
    }
    const long = await post(alice, { content: 'x'.repeat(241) });
    expect(long.code).toBe(ApiCode.PARAMS_INVALID);
    expect(long.msg).toMatch(/too long/);
    expect((await list(alice)).total).toBe(0);
  });

  it('accepts 3 and 240 characters (counting emoji as one) and shows the author', async () => {
    const short = await post(alice, { content: 'abc' });
    expect(short.code).toBe(1);
    const exact = await post(alice, { content: '😀'.repeat(240) });
    expect(exact.code).toBe(1);
    expect(exact.data!.comment).toMatchObject({
      status: 1,
      is_mine: 1,
      zan: 0,
      is_zan: 0,
      uid: alice.userId,
    });
    const seen = await list(bob);
    expect(seen.total).toBe(2);
    expect(seen.list[0]!.text).toBe('😀'.repeat(240));
    expect(seen.list[0]!.nichen).not.toBe('');
    expect(seen.list[0]!.is_mine).toBe(0);
  });

  it('refuses an unknown work', async () => {
    const result = await h.call(
      '/v3/comment/add',
      { work_id: 999_999, content: 'hello' },
      { session: alice },
    );
    expect(result.code).toBe(ApiCode.CONTENT_NOT_FOUND);
  });

  it('masks filtered words', async () => {
    const result = await post(carol, { content: 'what the Fuck is this' });
    expect(result.data!.comment.text).toBe('what the **** is this');
  });
});

describe('images', () => {
  it('uploads a real image (re-encoded as an _xfile JPEG) and attaches it; the picture alone is enough', async () => {
    const up = await h.upload<{ url: string }>('/v3/comment/upload', { bytes: png }, {}, { session: bob });
    expect(up.code).toBe(1);
    expect(up.data!.url).toMatch(/^\/media\/.+_xfile\.jpg$/);
    const added = await post(bob, { content: '', imgList: [up.data!.url] });
    expect(added.code).toBe(1);
    expect(added.data!.comment.imgList).toEqual([up.data!.url]);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const bad = await h.upload(
      '/v3/comment/upload',
      { bytes: Buffer.from('<script>alert(1)</script>'), filename: 'x.png', contentType: 'image/png' },
      {},
      { session: bob },
    );
    expect(bad.code).toBe(ApiCode.UPLOAD_INVALID);
    const truncated = await h.upload(
      '/v3/comment/upload',
      { bytes: png.subarray(0, 40) },
      {},
      { session: bob },
    );
    expect(truncated.code).toBe(ApiCode.UPLOAD_INVALID);
  });

  it('refuses more than 3 images and URLs that were never uploaded', async () => {
    const up = await h.upload<{ url: string }>('/v3/comment/upload', { bytes: png }, {}, { session: bob });
    const url = up.data!.url;
    const four = await post(bob, { content: 'four pictures', imgList: [url, url, url, url] });
    expect(four.code).toBe(ApiCode.PARAMS_INVALID);
    const forged = await post(bob, { content: 'forged', imgList: ['/media/ab/cd/nothing_xfile.jpg'] });
    expect(forged.code).toBe(ApiCode.PARAMS_INVALID);
    const outside = await post(bob, { content: 'outside', imgList: ['https://evil.example/x.jpg'] });
    expect(outside.code).toBe(ApiCode.PARAMS_INVALID);
  });
});

describe('replies, likes and deletion', () => {
  it('shows the first 2 replies plus new ones, counts all, and notifies the author answered', async () => {
    const top = (await post(alice, { content: 'top-level for replies' })).data!.comment;
    const before = (await h.call<{ reply: number }>('/v3/message/get_nums', {}, { session: alice })).data!;
    for (const text of ['reply one', 'reply two', 'reply three']) {
      expect((await post(bob, { to_father_id: top.id, content: text })).code).toBe(1);
    }
    const thread = (await list(carol)).list.find((item) => item.id === top.id)!;
    expect(thread.child_total).toBe(3);
    // All three are new (under 24 hours), so all show; old ones beyond 2 would be collapsed.
    expect(thread.child.map((c) => c.text)).toEqual(['reply one', 'reply two', 'reply three']);
    expect(thread.child.every((c) => c.isNewComment === 1)).toBe(true);
    await h.ctx.db
      .updateTable('comments')
      .set({ created_time: 1_000 })
      .where('father_id', '=', top.id)
      .execute();
    const old = (await list(carol)).list.find((item) => item.id === top.id)!;
    expect(old.child.map((c) => c.text)).toEqual(['reply one', 'reply two']);
    expect(old.child_total).toBe(3);
    const all = await h.call<Page<CommentItem>>('/v3/comment/children', { id: top.id }, { session: carol });
    expect(all.data!.list.map((c) => c.text)).toEqual(['reply one', 'reply two', 'reply three']);

    const after = (await h.call<{ reply: number }>('/v3/message/get_nums', {}, { session: alice })).data!;
    expect(after.reply).toBe(before.reply + 3);

    // A reply to a reply names that reply's author.
    const child = all.data!.list[0]!;
    const nested = await post(carol, { to_father_id: top.id, to_child_id: child.id, content: '@bob indeed' });
    expect(nested.data!.comment.to_user_id).toBe(bob.userId);
  });

  it('refuses replies to comments of another work or to a child of another thread', async () => {
    const other = await buildWork(h.ctx.db, null, { title: 'Other' });
    const foreign = (
      await h.call<{ comment: CommentItem }>(
        '/v3/comment/add',
        { work_id: other.id, content: 'elsewhere' },
        {
          session: alice,
          ip: newIp(),
        },
      )
    ).data!.comment;
    expect((await post(bob, { to_father_id: foreign.id, content: 'cross-work' })).code).toBe(
      ApiCode.CONTENT_NOT_FOUND,
    );
    const mine = (await post(alice, { content: 'thread A' })).data!.comment;
    expect(
      (await post(bob, { to_father_id: mine.id, to_child_id: foreign.id, content: 'wrong child' })).code,
    ).toBe(ApiCode.CONTENT_NOT_FOUND);
  });

  it('toggles a like once per user', async () => {
    const item = (await post(carol, { content: 'like me' })).data!.comment;
    const like = await h.call('/v3/comment/zan', { id: item.id }, { session: bob });
    expect(like.data).toEqual({ zan: 1, is_zan: 1 });
    const byAlice = await h.call('/v3/comment/zan', { id: item.id }, { session: alice });
    expect(byAlice.data).toEqual({ zan: 2, is_zan: 1 });
    const unlike = await h.call('/v3/comment/zan', { id: item.id }, { session: bob });
    expect(unlike.data).toEqual({ zan: 1, is_zan: 0 });
    const hot = await list(bob, { sort: 'hot' });
    expect(hot.list[0]!.id).toBe(item.id);
    expect(hot.list[0]!.is_zan).toBe(0);
    expect((await list(alice, { sort: 'hot' })).list[0]!.is_zan).toBe(1);
    expect((await h.call('/v3/comment/zan', { id: 999_999 }, { session: bob })).code).toBe(
      ApiCode.CONTENT_NOT_FOUND,
    );
  });

  it('sets the like to the wanted state with is_zan, so sending it twice counts once', async () => {
    const item = (await post(carol, { content: 'liked offline' })).data!.comment;
    const zan = (session: typeof bob, isZan: number) =>
      h.call('/v3/comment/zan', { id: item.id, is_zan: isZan }, { session });
    expect((await zan(bob, 1)).data).toEqual({ zan: 1, is_zan: 1 });
    expect((await zan(bob, 1)).data).toEqual({ zan: 1, is_zan: 1 });
    expect((await zan(alice, 0)).data).toEqual({ zan: 1, is_zan: 0 });
    expect((await zan(bob, 0)).data).toEqual({ zan: 0, is_zan: 0 });
    expect((await zan(bob, 0)).data).toEqual({ zan: 0, is_zan: 0 });
    expect((await h.call('/v3/comment/zan', { id: item.id, is_zan: 2 }, { session: bob })).code).toBe(
      ApiCode.PARAMS_INVALID,
    );
  });

  it("never deletes another user's comment; the author deletes it with its replies", async () => {
    const item = (await post(alice, { content: 'mine to delete' })).data!.comment;
    await post(bob, { to_father_id: item.id, content: 'a reply' });
    const byBob = await h.call('/v3/comment/del', { id: item.id }, { session: bob });
    expect(byBob.code).toBe(ApiCode.CONTENT_NOT_FOUND);
    expect((await list(carol)).list.some((c) => c.id === item.id)).toBe(true);
    const byAlice = await h.call('/v3/comment/del', { id: item.id }, { session: alice });
    expect(byAlice.data).toEqual({ deleted: 1 });
    expect((await list(carol)).list.some((c) => c.id === item.id)).toBe(false);
    const left = await h.ctx.db
      .selectFrom('comments')
      .select('id')
      .where('father_id', '=', item.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('shows a deleted account anonymously', async () => {
    const dave = await h.client.initGuest();
    const item = (await post(dave, { content: 'soon anonymous' })).data!.comment;
    await h.ctx.db.updateTable('users').set({ deleted_time: 1 }).where('id', '=', dave.userId).execute();
    const seen = (await list(carol)).list.find((c) => c.id === item.id)!;
    expect(seen).toMatchObject({ uid: 0, nichen: '', upic: '' });
  });
});

describe('moderation, reports and blocks', () => {
  it('keeps new comments under review when the site says so: visible to the author only', async () => {
    await h.ctx.db
      .insertInto('settings')
      .values({ key: 'community.comment_publish_directly', value: 'false', updated_time: 1 })
      .execute();
    const pending = (await post(carol, { content: 'waiting for review' })).data!.comment;
    expect(pending.status).toBe(0);
    expect((await list(carol)).list.find((c) => c.id === pending.id)?.status).toBe(0);
    expect((await list(bob)).list.some((c) => c.id === pending.id)).toBe(false);
    expect((await h.call('/v3/comment/zan', { id: pending.id }, { session: bob })).code).toBe(
      ApiCode.CONTENT_NOT_FOUND,
    );
    await h.ctx.db.deleteFrom('settings').where('key', '=', 'community.comment_publish_directly').execute();
  });

  it('reports once with a reason', async () => {
    const item = (await post(bob, { content: 'rude words here' })).data!.comment;
    const report = await h.call('/v3/comment/report', { id: item.id, reason: 'insult' }, { session: alice });
    expect(report.data).toEqual({ reported: 1 });
    await h.call('/v3/comment/report', { id: item.id, reason: 'again' }, { session: alice });
    const rows = await h.ctx.db
      .selectFrom('comment_reports')
      .selectAll()
      .where('comment_id', '=', item.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reason).toBe('insult');
    expect(REPORT_SUCCESS_MESSAGE).toMatch(/24 hours/);
    const empty = await h.call('/v3/comment/report', { id: item.id, reason: '   ' }, { session: alice });
    expect(empty.code).toBe(ApiCode.PARAMS_INVALID);
  });

  it('hides a blocked author for the blocker on every device, until unblocked', async () => {
    const self = await h.call('/v3/comment/block', { uid: alice.userId }, { session: alice });
    expect(self.code).toBe(ApiCode.PARAMS_INVALID);
    expect(self.msg).toBe('You cannot block yourself!');
    const blocked = await h.call('/v3/comment/block', { uid: bob.userId }, { session: alice });
    expect(blocked.data).toEqual({ blacklist: [bob.userId] });
    // Another device of the same user: the same token works as a second device would after login.
    const seen = await list(alice);
    const authors = seen.list.flatMap((c) => [c.uid, ...c.child.map((r) => r.uid)]);
    expect(authors).not.toContain(bob.userId);
    expect((await list(carol)).list.some((c) => c.uid === bob.userId)).toBe(true);
    const unknown = await h.call('/v3/comment/block', { uid: 999_999 }, { session: alice });
    expect(unknown.code).toBe(ApiCode.CONTENT_NOT_FOUND);
    // The blocked-users screen lists whom to unblock, by name; others' lists are their own.
    const listed = await h.call('/v3/comment/blacklist', {}, { session: alice });
    expect(listed.data).toMatchObject({
      blacklist: [bob.userId],
      users: [{ id: bob.userId, uid: bob.userId, nichen: expect.stringMatching(/\S/) }],
    });
    expect((await h.call('/v3/comment/blacklist', {}, { session: carol })).data).toEqual({
      blacklist: [],
      users: [],
    });
    const unblocked = await h.call('/v3/comment/unblock', { uid: bob.userId }, { session: alice });
    expect(unblocked.data).toEqual({ blacklist: [] });
    expect((await list(alice)).list.some((c) => c.uid === bob.userId)).toBe(true);
  });
});

describe('rate limits', () => {
  it('limits comments per user per minute', async () => {
    const eve = await h.client.initGuest();
    for (let i = 0; i < 5; i += 1) expect((await post(eve, { content: `burst ${i}` })).code).toBe(1);
    const sixth = await post(eve, { content: 'burst 6' });
    expect(sixth.code).toBe(ApiCode.RATE_LIMITED);
    expect(sixth.msg).toMatch(/too fast/);
  });
});
