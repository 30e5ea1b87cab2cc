import { ApiCode, type FollowItem, type MessageItem, type MessageNums } from '@dm51/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WorkRow } from '../../db/schema.js';
import { createFollowNotifier } from '../../services/follow.service.js';
import { buildAccountsHarness, type AccountsHarness } from '../../testing/accounts.js';
import { buildChapter, buildWork } from '../../testing/catalogue-factory.js';
import type { TestSession } from '../../testing/test-client.js';

let h: AccountsHarness;
let alice: TestSession;
let bob: TestSession;
let comic: WorkRow;
let novel: WorkRow;

interface Page<T> {
  list: T[];
  total: number;
}

const nums = async (session: TestSession) =>
  (await h.call<MessageNums>('/v3/message/get_nums', {}, { session })).data!;
const messages = async (session: TestSession, type = 0) =>
  (await h.call<Page<MessageItem>>('/v3/message/read', { type }, { session })).data!;

beforeAll(async () => {
  h = await buildAccountsHarness();
  alice = await h.client.initGuest();
  bob = await h.client.initGuest();
  comic = await buildWork(h.ctx.db, null, { title: 'Followed comic' });
  await buildChapter(h.ctx.db, { workId: comic.id });
  novel = await buildWork(h.ctx.db, null, { type: 1, title: 'Followed novel' });
});
afterAll(async () => h.close());
beforeEach(async () => h.forgetLimits());

describe('messages', () => {
  it('turns a reply to my comment into an unread message that clears when opened', async () => {
    expect(await nums(alice)).toEqual({ total: 0, system: 0, reply: 0, update: 0 });
    const top = await h.call<{ comment: { id: number } }>(
      '/v3/comment/add',
      { work_id: comic.id, content: 'what do you think?' },
      { session: alice },
    );
    await h.call(
      '/v3/comment/add',
      { work_id: comic.id, to_father_id: top.data!.comment.id, content: 'great art' },
      {
        session: bob,
      },
    );
    // Replying to oneself notifies no one.
    await h.call(
      '/v3/comment/add',
      { work_id: comic.id, to_father_id: top.data!.comment.id, content: 'thanks!' },
      {
        session: alice,
      },
    );
    expect(await nums(alice)).toEqual({ total: 1, system: 0, reply: 1, update: 0 });
    expect((await nums(bob)).total).toBe(0);
    const [message] = (await messages(alice, 2)).list;
    expect(message).toMatchObject({
      type: 2,
      is_read: 0,
      content: 'great art',
      work_id: comic.id,
      work_type: 0,
      comment_id: top.data!.comment.id,
      from_uid: bob.userId,
    });
    // Bob cannot open (or mark read) Alice's message.
    expect((await h.call('/v3/message/pos', { id: message!.id }, { session: bob })).code).toBe(
      ApiCode.CONTENT_NOT_FOUND,
    );
    expect((await nums(alice)).reply).toBe(1);
    const opened = await h.call<{ message: MessageItem; nums: MessageNums }>(
      '/v3/message/pos',
      { id: message!.id },
      { session: alice },
    );
    expect(opened.data!.message.is_read).toBe(1);
    expect(opened.data!.nums.total).toBe(0);
    expect((await messages(alice, 2)).list[0]!.is_read).toBe(1);
  });

  it('counts a system notice unread for everyone, read per user, and read_all clears by type', async () => {
    await h.ctx.app.services.messages.broadcast('Maintenance', 'Tonight at 2:00');
    expect((await nums(alice)).system).toBe(1);
    expect((await nums(bob)).system).toBe(1);
    const cleared = await h.call<MessageNums>('/v3/message/read_all', { type: 1 }, { session: alice });
    expect(cleared.data!.system).toBe(0);
    expect((await nums(bob)).system).toBe(1);
    expect((await messages(bob, 1)).list[0]).toMatchObject({ title: 'Maintenance', is_read: 0 });
    const all = await h.call<MessageNums>('/v3/message/read_all', {}, { session: bob });
    expect(all.data!.total).toBe(0);
  });

  it('refuses a bad type', async () => {
    expect((await h.call('/v3/message/read', { type: 9 }, { session: alice })).code).toBe(
      ApiCode.PARAMS_INVALID,
    );
  });
});

describe('follows', () => {
  it('follows, lists, notifies new chapters and unfollows only my own', async () => {
    expect((await h.call('/v3/follow/add', { id: comic.id }, { session: alice })).data).toEqual({
      is_follow: 1,
    });
    await h.call('/v3/follow/add', { id: comic.id }, { session: alice });
    await h.call('/v3/follow/add', { id: novel.id }, { session: alice });
    await h.call('/v3/follow/add', { id: comic.id }, { session: bob });
    expect((await h.call('/v3/follow/add', { id: 999_999 }, { session: alice })).code).toBe(
      ApiCode.CONTENT_NOT_FOUND,
    );
    const listed = await h.call<Page<FollowItem>>('/v3/follow/index', {}, { session: alice });
    expect(listed.data!.total).toBe(2);
    expect(listed.data!.list.map((item) => item.relate_id).sort()).toEqual([comic.id, novel.id].sort());

    const before = await nums(alice);
    const chapter = await buildChapter(h.ctx.db, { workId: comic.id, title: 'Chapter 2' });
    expect(await h.ctx.app.services.follows.notifyNewChapters(comic.id, [chapter.id])).toBe(2);
    expect((await nums(alice)).update).toBe(before.update + 1);
    expect((await messages(alice, 3)).list[0]).toMatchObject({
      title: 'Followed comic',
      content: 'New: Chapter 2',
      work_id: comic.id,
    });
    // Chapter ids of another work are ignored.
    expect(await createFollowNotifier(h.ctx.db).notifyNewChapters(novel.id, [chapter.id])).toBe(0);
    // The notifier the import worker uses (a bare database handle) notifies like the service.
    const next = await buildChapter(h.ctx.db, { workId: comic.id, title: 'Chapter 3' });
    expect(await createFollowNotifier(h.ctx.db).notifyNewChapters(comic.id, [next.id])).toBe(2);

    // Bob removing Alice's follow ids only touches his own.
    const bobDel = await h.call('/v3/follow/del', { ids: [novel.id] }, { session: bob });
    expect(bobDel.data).toEqual({ deleted: 0 });
    expect((await h.call<Page<FollowItem>>('/v3/follow/index', {}, { session: alice })).data!.total).toBe(2);
    const del = await h.call('/v3/follow/del', { ids: [novel.id, comic.id] }, { session: alice });
    expect(del.data).toEqual({ deleted: 2 });
    expect((await h.call<Page<FollowItem>>('/v3/follow/index', {}, { session: bob })).data!.total).toBe(1);
    expect((await h.call('/v3/follow/del', { ids: [] }, { session: alice })).code).toBe(
      ApiCode.PARAMS_INVALID,
    );
  });
});
