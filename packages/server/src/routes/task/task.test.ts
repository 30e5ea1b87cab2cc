import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ChapterRow, WorkRow } from '../../db/schema.js';
import { buildChapter, buildComicPages, buildWork } from '../../testing/catalogue-factory.js';
import { ledgerEntryCount, ledgerViolations, registeredUser, topUp } from '../../testing/money-factory.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

const DAY_S = 86_400;
let ctx: TestApp;
let client: TestClient;
let comic: WorkRow;
const chapters: ChapterRow[] = [];
let keySeq = 0;
const key = () => `task-key-${Date.now()}-${(keySeq += 1)}`;

interface TaskItem {
  key: string;
  progress: number;
  target: number;
  status: string;
}
interface IndexAnswer {
  is_guest: number;
  checkin: {
    today: string;
    today_checked: number;
    streak: number;
    days: { day: number; checked: number; current: number; reward_amount: number }[];
    week: { date: string; status: string }[];
  };
  daily: TaskItem[];
  once: TaskItem[];
}

const clock = () => ctx.app.services.tasks.clock;
const call = <T = Record<string, unknown>>(path: string, session: TestSession, payload = {}) =>
  client.call<T>(path, payload, { session });
const index = async (session: TestSession) => (await call<IndexAnswer>('/v3/task/index', session)).data!;
const task = async (session: TestSession, taskKey: string) => {
  const answer = await index(session);
  return [...answer.daily, ...answer.once].find((item) => item.key === taskKey)!;
};
const checkin = (session: TestSession, idempotency_key = key()) =>
  call<{ streak: number; day: number; reward_amount: number }>('/v3/task/checkin', session, {
    idempotency_key,
  });
const claim = (session: TestSession, taskKey: string, idempotency_key = key()) =>
  call<{ reward_type: string; reward_amount: number }>('/v3/task/claim', session, {
    key: taskKey,
    idempotency_key,
  });

async function wallet(userId: number) {
  return ctx.db
    .selectFrom('users')
    .select(['coins', 'ticket', 'viptime', 'ai_cos_coin'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

const entryCount = (userId: number) => ledgerEntryCount(ctx.db, userId);

/** A registered user whose account is a month old (so every day of this week can be made up). */
async function user(): Promise<TestSession> {
  const session = await registeredUser(ctx.db, client);
  await ctx.db
    .updateTable('users')
    .set({ created_time: Math.floor(Date.now() / 1000) - 30 * DAY_S })
    .where('id', '=', session.userId)
    .execute();
  return session;
}

/** Moves the task clock into the first hour of the next task day. */
function startOfNextDay(): void {
  const day = clock().day();
  while (clock().day() === day) clock().shift(3600);
}

/** Moves the task clock on to the next day that is not a Monday (yesterday is then in this week). */
function moveToMidWeek(): void {
  clock().shift(DAY_S);
  while ((clock().day() + 3) % 7 === 0) clock().shift(DAY_S);
}

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  // Tests move the clock by whole days from early in a task day, so no test crosses a midnight
  // it did not mean to, whatever time the suite runs at.
  startOfNextDay();
  comic = await buildWork(ctx.db, null, { type: 0, title: 'Task Comic' });
  for (let i = 0; i < 4; i += 1) {
    const chapter = await buildChapter(ctx.db, { workId: comic.id });
    await buildComicPages(ctx.db, null, chapter.id, { count: 1 });
    chapters.push(chapter);
  }
});

afterAll(async () => {
  await ctx?.close();
});

describe('guests', () => {
  it('see the tasks without progress and cannot check in or claim (1006)', async () => {
    const guest = await client.initGuest();
    const answer = await index(guest);
    expect(answer.is_guest).toBe(1);
    expect(answer.daily.map((item) => item.key)).toContain('daily_read_chapters');
    expect(answer.daily.every((item) => item.status === 'todo' && item.progress === 0)).toBe(true);
    expect((await checkin(guest)).code).toBe(ApiCode.LOGIN_REQUIRED);
    expect((await claim(guest, 'daily_read_chapters')).code).toBe(ApiCode.LOGIN_REQUIRED);
    expect(await entryCount(guest.userId)).toBe(0);
  });
});

describe('check-in', () => {
  it('three days running pays growing rewards; twice a day pays once', async () => {
    const session = await user();
    const first = await checkin(session);
    expect(first.data).toMatchObject({ streak: 1, day: 1, reward_amount: 5 });
    const again = await checkin(session);
    expect(again.code).toBe(ApiCode.CHECKIN_DONE);
    expect(await entryCount(session.userId)).toBe(1);

    clock().shift(DAY_S);
    expect((await checkin(session)).data).toMatchObject({ streak: 2, day: 2, reward_amount: 10 });
    clock().shift(DAY_S);
    expect((await checkin(session)).data).toMatchObject({ streak: 3, day: 3, reward_amount: 15 });

    expect((await wallet(session.userId)).ticket).toBe(30);
    const state = (await index(session)).checkin;
    expect(state).toMatchObject({ today_checked: 1, streak: 3 });
    expect(state.days.map((day) => day.checked)).toEqual([1, 1, 1, 0, 0, 0, 0]);
    expect(state.days.find((day) => day.current === 1)?.day).toBe(3);
  });

  it('a missed day resets the streak to day 1', async () => {
    const session = await user();
    await checkin(session);
    clock().shift(DAY_S);
    expect((await checkin(session)).data).toMatchObject({ streak: 2 });
    clock().shift(2 * DAY_S);
    const state = (await index(session)).checkin;
    expect(state).toMatchObject({ today_checked: 0, streak: 0 });
    expect((await checkin(session)).data).toMatchObject({ streak: 1, day: 1, reward_amount: 5 });
  });

  it('a make-up check-in costs coins, mends the streak and refuses when short', async () => {
    moveToMidWeek();
    const session = await user();
    const today = (await index(session)).checkin.today;
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - DAY_S * 1000).toISOString().slice(0, 10);

    const short = await call('/v3/task/makeup', session, { date: yesterday, idempotency_key: key() });
    expect(short.code).toBe(ApiCode.BALANCE_SHORT);
    expect(await entryCount(session.userId)).toBe(0);
    expect((await index(session)).checkin.week.find((day) => day.date === yesterday)?.status).toBe('missed');

    await topUp(ctx.db, ctx.app.services.money, session.userId, { coins: 30 });
    const makeupKey = key();
    const made = await call('/v3/task/makeup', session, { date: yesterday, idempotency_key: makeupKey });
    expect(made.data).toEqual({ date: yesterday, cost: 20, streak: 1 });
    const repeated = await call('/v3/task/makeup', session, { date: yesterday, idempotency_key: makeupKey });
    expect(repeated.data).toEqual(made.data);
    expect((await wallet(session.userId)).coins).toBe(10);
    // The expense log names it for what it was.
    const expenses = await call('/v3/pay/expenses', session, { page: 1 });
    expect((expenses.data as { list: { kind: string; coins: number }[] }).list[0]).toMatchObject({
      kind: 'checkin_makeup',
      coins: -20,
    });

    expect((await call('/v3/task/makeup', session, { date: yesterday, idempotency_key: key() })).code).toBe(
      ApiCode.MAKEUP_INVALID,
    );
    expect((await call('/v3/task/makeup', session, { date: today, idempotency_key: key() })).code).toBe(
      ApiCode.MAKEUP_INVALID,
    );
    expect((await checkin(session)).data).toMatchObject({ streak: 2, day: 2, reward_amount: 10 });
  });
});

describe('tasks', () => {
  it('reading chapters: unfinished is refused, finished pays once, a repeat key answers the first result', async () => {
    const session = await user();
    for (const chapter of chapters.slice(0, 2))
      expect((await call('/v3/comic/read', session, { chapter_id: chapter.id })).code).toBe(1);
    await call('/v3/comic/read', session, { chapter_id: chapters[0]!.id });
    expect(await task(session, 'daily_read_chapters')).toMatchObject({ progress: 2, status: 'todo' });

    const unfinished = await claim(session, 'daily_read_chapters');
    expect(unfinished.code).toBe(ApiCode.TASK_UNFINISHED);
    expect(unfinished.msg).toContain('2/3');
    expect(await entryCount(session.userId)).toBe(0);

    await call('/v3/comic/read', session, { chapter_id: chapters[2]!.id });
    expect(await task(session, 'daily_read_chapters')).toMatchObject({ progress: 3, status: 'claimable' });
    const claimKey = key();
    const paid = await claim(session, 'daily_read_chapters', claimKey);
    expect(paid.data).toEqual({ key: 'daily_read_chapters', reward_type: 'coins', reward_amount: 10 });
    expect((await wallet(session.userId)).ticket).toBe(10);

    expect((await claim(session, 'daily_read_chapters')).code).toBe(ApiCode.TASK_CLAIMED);
    expect((await claim(session, 'daily_read_chapters', claimKey)).data).toEqual(paid.data);
    expect(await entryCount(session.userId)).toBe(1);
    expect(await task(session, 'daily_read_chapters')).toMatchObject({ status: 'claimed' });

    // A new task day starts the daily task again.
    clock().shift(DAY_S);
    expect(await task(session, 'daily_read_chapters')).toMatchObject({ progress: 0, status: 'todo' });
    // A chapter opened yesterday counts again today (the service skips only same-day repeats),
    // and another reader's opening of it counts for that reader.
    await call('/v3/comic/read', session, { chapter_id: chapters[0]!.id });
    await call('/v3/comic/read', session, { chapter_id: chapters[0]!.id });
    expect(await task(session, 'daily_read_chapters')).toMatchObject({ progress: 1, status: 'todo' });
    const other = await user();
    await call('/v3/comic/read', other, { chapter_id: chapters[0]!.id });
    expect(await task(other, 'daily_read_chapters')).toMatchObject({ progress: 1, status: 'todo' });
  });

  it('reading time counts only opened chapters, at most the time since the last report', async () => {
    // Elapsed time is what this test is about: only the shifts below may move the clock.
    clock().pin();
    onTestFinished(() => clock().unpin());
    const session = await user();
    const report = (seconds: number, chapterId = chapters[3]!.id) =>
      call<{ counted: number; today_minutes: number }>('/v3/task/read_time', session, {
        kind: 'comic',
        chapter_id: chapterId,
        seconds,
      });
    expect((await report(60)).data?.counted).toBe(0); // not opened yet
    await call('/v3/comic/read', session, { chapter_id: chapters[3]!.id });
    expect((await report(600)).data?.counted).toBe(300);
    expect((await report(60)).data?.counted).toBe(0); // no time has passed
    clock().shift(90);
    expect((await report(200)).data).toEqual({ counted: 90, today_minutes: 6 });
    for (let i = 0; i < 2; i += 1) {
      clock().shift(300);
      await report(300);
    }
    expect(await task(session, 'daily_read_minutes')).toMatchObject({ progress: 15, status: 'claimable' });
    expect((await claim(session, 'daily_read_minutes')).data?.reward_amount).toBe(15);
  });

  it('reading time stops counting at 4 hours a day', async () => {
    // Start within the first hour of a task day, so the 50 reports below stay in that day.
    startOfNextDay();
    const session = await user();
    await call('/v3/comic/read', session, { chapter_id: chapters[0]!.id });
    let counted = 0;
    for (let i = 0; i < 50; i += 1) {
      clock().shift(300);
      const answer = await call<{ counted: number }>('/v3/task/read_time', session, {
        kind: 'comic',
        chapter_id: chapters[0]!.id,
        seconds: 300,
      });
      counted += answer.data!.counted;
    }
    expect(counted).toBe(4 * 3600);
  });

  it('five claims at once pay once', async () => {
    const session = await user();
    await call('/v3/task/notify_on', session);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => claim(session, 'once_notify')));
    expect(answers.map((answer) => answer.code).sort()).toEqual([1, 1403, 1403, 1403, 1403]);
    expect(await entryCount(session.userId)).toBe(1);
    expect((await wallet(session.userId)).ai_cos_coin).toBe(3);
  });

  it('favourite, share and comment are counted from the calls that did them', async () => {
    const session = await user();
    expect((await call('/v3/cases/add/comic', session, { id: comic.id })).code).toBe(1);
    expect((await call('/v3/task/share', session, { type: 1, work_id: comic.id })).code).toBe(
      ApiCode.CONTENT_NOT_FOUND,
    );
    expect((await call('/v3/task/share', session, { type: 0, work_id: comic.id })).data).toEqual({
      counted: 1,
    });
    expect((await call('/v3/task/share', session, { type: 0, work_id: comic.id })).data).toEqual({
      counted: 0,
    });
    const comment = await call('/v3/comment/add', session, { work_id: comic.id, content: 'A fine chapter' });
    expect(comment.code).toBe(1);
    const answer = await index(session);
    for (const taskKey of ['daily_favorite', 'daily_share', 'daily_comment'])
      expect(answer.daily.find((item) => item.key === taskKey)?.status).toBe('claimable');
  });

  it('one-time tasks pay VIP hours and AI tries once ever, and report the first task', async () => {
    const milestones = vi.spyOn(ctx.app.services.invites.milestones, 'reached');
    const session = await user();
    expect((await claim(session, 'once_bind')).code).toBe(ApiCode.TASK_UNFINISHED);
    expect((await claim(session, 'no_such_task')).code).toBe(ApiCode.TASK_NOT_FOUND);

    await call('/v3/task/notify_on', session);
    expect((await claim(session, 'once_notify')).data).toMatchObject({
      reward_type: 'ai_credits',
      reward_amount: 3,
    });
    expect((await wallet(session.userId)).ai_cos_coin).toBe(3);
    expect(milestones).toHaveBeenCalledTimes(1);
    expect(milestones.mock.calls[0]?.slice(1)).toEqual([session.userId, 'first_task']);

    await topUp(ctx.db, ctx.app.services.money, session.userId, { coins: 10 });
    const before = await wallet(session.userId);
    expect((await claim(session, 'once_topup')).data).toMatchObject({
      reward_type: 'vip_hours',
      reward_amount: 24,
    });
    const after = await wallet(session.userId);
    expect(after.viptime - Math.max(before.viptime, Math.floor(Date.now() / 1000))).toBeGreaterThanOrEqual(
      24 * 3600 - 5,
    );
    // The top-up reported its own milestone (first_topup, for invites); the first task was reported once.
    expect(milestones.mock.calls.filter((args) => args[2] === 'first_task')).toHaveLength(1);

    clock().shift(DAY_S);
    expect((await claim(session, 'once_notify')).code).toBe(ApiCode.TASK_CLAIMED);
    milestones.mockRestore();
  });

  it('the log lists claims and check-ins newest first', async () => {
    const session = await user();
    await checkin(session);
    await call('/v3/task/notify_on', session);
    await claim(session, 'once_notify');
    const log = await call<{ list: { key: string; reward_amount: number }[]; total: number }>(
      '/v3/task/log',
      session,
      { page: 1, limit: 10 },
    );
    expect(log.data?.total).toBe(2);
    expect(log.data?.list.map((item) => item.key)).toEqual(['once_notify', 'checkin']);
  });

  it('leaves the ledger consistent', async () => {
    // Make-up check-ins spend coins on no chapter, so coins_redeemed is not only unlocks here.
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});
