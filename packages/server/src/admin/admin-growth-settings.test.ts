/**
 * Growth → Tasks, Invites, Start-up settings and Texts seen from the app: every change an admin
 * saves is what the app's next sealed /v3 call answers (caches dropped at once), with an audit row
 * holding before and after; bad input and a viewer are refused and nothing changes.
 */
import { randomUUID } from 'node:crypto';
import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsHarness, newIp, type AccountsHarness } from '../testing/accounts.js';
import { adminRequest, signedIn, type OperatorSession } from '../testing/admin-harness.js';
import { registeredUser } from '../testing/money-factory.js';
import type { TestSession } from '../testing/test-client.js';

let h: AccountsHarness;
let admin: OperatorSession;
let viewer: OperatorSession;
let reader: TestSession;

interface TaskItem {
  key: string;
  target: number;
  reward_type: string;
  reward_amount: number;
}
interface TaskIndex {
  checkin: { days: { day: number; reward_type: string; reward_amount: number }[]; makeup_cost: number };
  daily: TaskItem[];
  once: TaskItem[];
}
interface ConsoleTasks {
  tasks: {
    id: number;
    key: string;
    target: number;
    rewardType: string;
    rewardAmount: number;
    enabled: number;
  }[];
  checkin: { day: number; rewardType: string; rewardAmount: number }[];
  makeupCost: number;
}

const put = (url: string, body: unknown, session = admin) =>
  adminRequest<{ data: unknown }>(h.ctx.app, 'PUT', url, { session, body });
const get = async <T>(url: string) =>
  (await adminRequest<{ data: T }>(h.ctx.app, 'GET', url, { session: viewer })).body.data;
const app = async <T>(path: string, payload: Record<string, unknown> = {}, session = reader) => {
  const answer = await h.call<T>(path, payload, { session });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data!;
};
const auditRows = (action: string) =>
  h.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

/** Each bad body is refused with 400 and leaves the console's view and the audit log as they were. */
async function expectRefused(url: string, read: string, action: string, bodies: unknown[]) {
  const before = JSON.stringify(await get(read));
  const audits = (await auditRows(action)).length;
  for (const body of bodies) {
    const answer = await put(url, body);
    expect([400, 404], `${url} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`).toContain(
      answer.status,
    );
    expect([ApiCode.ADMIN_INVALID, ApiCode.ADMIN_NOT_FOUND]).toContain(answer.body.code);
  }
  expect((await put(url, bodies[0], viewer)).status).toBe(403);
  expect(JSON.stringify(await get(read))).toBe(before);
  expect(await auditRows(action)).toHaveLength(audits);
}

beforeAll(async () => {
  h = await buildAccountsHarness();
  admin = await signedIn(h.ctx.app, 'admin');
  viewer = await signedIn(h.ctx.app, 'viewer');
  reader = await registeredUser(h.ctx.db, h.client);
});
afterAll(async () => h.close());

describe('tasks', () => {
  it('a new reward, target, order and switch reach the task centre at once, audited', async () => {
    const listed = await get<ConsoleTasks>('/growth/tasks');
    expect(listed.tasks.map((t) => t.key)).toContain('daily_read_chapters');
    expect(listed.checkin).toHaveLength(7);
    const chapters = listed.tasks.find((t) => t.key === 'daily_read_chapters')!;
    const share = listed.tasks.find((t) => t.key === 'daily_share')!;

    const saved = await put(`/growth/tasks/${chapters.id}`, {
      rewardType: 'vip_hours',
      rewardAmount: 2,
      target: 5,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await put(`/growth/tasks/${share.id}`, { enabled: 0 })).status).toBe(200);

    const index = await app<TaskIndex>('/v3/task/index');
    expect(index.daily.find((t) => t.key === 'daily_read_chapters')).toMatchObject({
      target: 5,
      reward_type: 'vip_hours',
      reward_amount: 2,
    });
    expect(index.daily.map((t) => t.key)).not.toContain('daily_share');

    const [row] = await auditRows('task.update');
    expect(row).toMatchObject({ target_type: 'task', target_id: 'daily_read_chapters' });
    expect(JSON.parse(row!.before_json)).toMatchObject({ target: 3, rewardType: 'coins', rewardAmount: 10 });
    expect(JSON.parse(row!.after_json)).toMatchObject({
      target: 5,
      rewardType: 'vip_hours',
      rewardAmount: 2,
    });
  });

  it('check-in rewards and the make-up price reach the calendar, and a check-in pays the new reward', async () => {
    const listed = await get<ConsoleTasks>('/growth/tasks');
    const days = listed.checkin.map((d) => (d.day === 1 ? { ...d, rewardAmount: 42 } : d));
    expect((await put('/growth/checkin', { days, makeupCost: 33 })).status).toBe(200);

    const index = await app<TaskIndex>('/v3/task/index');
    expect(index.checkin.days[0]).toMatchObject({ day: 1, reward_type: 'coins', reward_amount: 42 });
    expect(index.checkin.makeup_cost).toBe(33);
    const checkin = await app<{ reward_amount: number }>('/v3/task/checkin', {
      idempotency_key: randomUUID(),
    });
    expect(checkin.reward_amount).toBe(42);
    const me = await h.ctx.db
      .selectFrom('users')
      .select('ticket')
      .where('id', '=', reader.userId)
      .executeTakeFirstOrThrow();
    expect(Number(me.ticket)).toBe(42);

    const [row] = await auditRows('checkin.update');
    expect(JSON.parse(row!.before_json)).toMatchObject({ makeupCost: 20 });
    expect(JSON.parse(row!.after_json)).toMatchObject({ makeupCost: 33 });
  });

  it('refuses bad rewards, targets and ids, and nothing changes', async () => {
    const { tasks, checkin } = await get<ConsoleTasks>('/growth/tasks');
    const chapters = tasks.find((t) => t.key === 'daily_read_chapters')!;
    const bind = tasks.find((t) => t.key === 'once_bind')!;
    await expectRefused(`/growth/tasks/${chapters.id}`, '/growth/tasks', 'task.update', [
      { rewardAmount: 0 },
      { rewardAmount: -5 },
      { rewardAmount: 1.5 },
      { rewardAmount: '10' },
      { rewardType: 'diamonds' },
      { rewardAmount: 721 }, // vip_hours (set above) are capped at 720
      { target: 0 },
      { target: 501 }, // 500 chapters a day at most
      { enabled: 2 },
      { colour: 'red' },
      {},
    ]);
    await expectRefused(`/growth/tasks/${bind.id}`, '/growth/tasks', 'task.update', [{ target: 3 }]);
    await expectRefused('/growth/tasks/999999', '/growth/tasks', 'task.update', [{ rewardAmount: 5 }]);
    await expectRefused('/growth/checkin', '/growth/tasks', 'checkin.update', [
      { days: checkin.slice(0, 6) },
      { days: checkin.map((d) => ({ ...d, day: 1 })) },
      { days: checkin.map((d) => ({ ...d, rewardType: 'ai_credits', rewardAmount: 101 })) },
      { makeupCost: 0 },
      { makeupCost: 100_001 },
    ]);
  });
});

describe('invites', () => {
  interface InviteIndex {
    code: string;
    rewards: Record<string, { coins: number; vip_hours: number }>;
    window_days: number;
  }

  it('new rewards, window and limits are what the invite page and the next bind follow', async () => {
    // The app has read (and cached) the rules before the change.
    expect((await app<InviteIndex>('/v3/invite/index')).rewards['invitee']!.coins).toBe(50);
    const saved = await put('/growth/invites', {
      invitee_coins: 77,
      inviter_vip_hours: 12,
      window_days: 3,
      max_accounts_per_ip: 1,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const index = await app<InviteIndex>('/v3/invite/index');
    expect(index.rewards['invitee']).toEqual({ coins: 77, vip_hours: 24 });
    expect(index.rewards['inviter']).toEqual({ coins: 100, vip_hours: 12 });
    expect(index.window_days).toBe(3);

    // One account per address a day now: a second friend from the same address is refused.
    const ip = newIp();
    const first = await registeredUser(h.ctx.db, h.client);
    const second = await registeredUser(h.ctx.db, h.client);
    const bound = await h.call<{ reward: { coins: number } }>(
      '/v3/invite/bind',
      { code: index.code },
      { session: first, ip },
    );
    expect(bound.code, bound.msg).toBe(1);
    expect(bound.data!.reward.coins).toBe(77);
    const refused = await h.call('/v3/invite/bind', { code: index.code }, { session: second, ip });
    expect(refused.code).not.toBe(1);

    const rules = await get<{ leaders: { userId: number; friends: number; coins: number }[] }>(
      '/growth/invites',
    );
    expect(rules.leaders[0]).toMatchObject({ userId: reader.userId, friends: 1, coins: 100 });
    const log = await adminRequest<{ data: { inviterId: number; inviteeId: number }[]; total: number }>(
      h.ctx.app,
      'GET',
      '/growth/invitations',
      { session: viewer },
    );
    expect(log.body.total).toBe(1);
    expect(log.body.data[0]).toMatchObject({ inviterId: reader.userId, inviteeId: first.userId });

    const [row] = await auditRows('invite_rules.update');
    expect(JSON.parse(row!.before_json)).toMatchObject({ invitee_coins: 50, window_days: 7 });
    expect(JSON.parse(row!.after_json)).toMatchObject({ invitee_coins: 77, window_days: 3 });
  });

  it('refuses out-of-range rules, and nothing changes', async () => {
    await expectRefused('/growth/invites', '/growth/invites', 'invite_rules.update', [
      { window_days: 0 },
      { window_days: 366 },
      { max_accounts_per_device: 0 },
      { bonus_days: -1 },
      { invitee_coins: 1.5 },
      { invitee_coins: '50' },
      { inviter_coins: 100_001 },
      { referral_bonus: 5 },
      {},
    ]);
  });
});

describe('start-up settings', () => {
  it('the AI tab, the splash and the game tab change in /v3/app/start at once', async () => {
    expect((await app<{ app_tabbar_ai_mode: number }>('/v3/app/start')).app_tabbar_ai_mode).toBe(1);
    const saved = await put('/growth/start-settings', {
      app_tabbar_ai_mode: 0,
      app_start_switch: 1,
      app_start_countdown: 9,
      game_tab_name: 'Games',
      app_download_url: 'https://example.test/51dm.apk',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await app('/v3/app/start')).toMatchObject({
      app_tabbar_ai_mode: 0,
      app_start_switch: 1,
      app_start_countdown: 9,
      game_tab_name: 'Games',
      app_download_url: 'https://example.test/51dm.apk',
      app_tabbar_ai_url: '/pages/ai/ai',
    });
    const [row] = await auditRows('start_settings.update');
    expect(JSON.parse(row!.before_json)).toMatchObject({ app_tabbar_ai_mode: 1, app_start_countdown: 5 });
    expect(JSON.parse(row!.after_json)).toMatchObject({ app_tabbar_ai_mode: 0, app_start_countdown: 9 });
  });

  it('refuses what the app could not use, and nothing changes', async () => {
    await expectRefused('/growth/start-settings', '/growth/start-settings', 'start_settings.update', [
      { app_start_countdown: 0 },
      { app_start_countdown: 31 },
      { app_tabbar_ai_mode: 2 },
      { app_tabbar_ai_mode: '1' },
      { url: 'javascript:alert(1)' },
      { game_tab_url: 'ftp://example.test' },
      { game_tab_name: 'x'.repeat(21) },
      { theme: 'dark' },
      {},
    ]);
    expect((await app<{ app_start_countdown: number }>('/v3/app/start')).app_start_countdown).toBe(9);
  });
});

describe('texts', () => {
  it('about, help, notices and customer service reach the app as plain text, one audit row per text', async () => {
    const saved = await put('/growth/texts', {
      about: { title: 'About 51', content: 'We read <b>comics</b> & more.<script>alert(1)</script>' },
      help: [{ id: 1, title: 'How to read?', content: 'Tap a cover.' }],
      notice: [{ id: 7, title: 'Maintenance', content: 'Tonight 2–3 am.' }],
      kefu: { title: 'Help desk', content: 'Write to us.', email: 'help@example.test', url: '' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    expect(await app('/v3/init/txt', { name: 'about' })).toEqual({
      title: 'About 51',
      content: 'We read comics & more.',
    });
    expect((await app<{ list: unknown[] }>('/v3/app/help')).list).toEqual([
      { id: 1, title: 'How to read?', content: 'Tap a cover.' },
    ]);
    const notices = (await app<{ list: { id: number; title: string; addtime: number }[] }>('/v3/app/notice'))
      .list;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ id: 7, title: 'Maintenance' });
    expect(notices[0]!.addtime).toBeGreaterThan(1_700_000_000);
    expect(await app('/v3/init/kefu')).toMatchObject({ title: 'Help desk', email: 'help@example.test' });

    const rows = await auditRows('text.update');
    expect(rows.map((r) => r.target_id).sort()).toEqual([
      'community.help',
      'community.kefu',
      'community.notice',
      'community.txt.about',
    ]);
    const about = rows.find((r) => r.target_id === 'community.txt.about')!;
    expect(JSON.parse(about.before_json)).toMatchObject({ title: 'About us' });

    // Saving the same again changes nothing and logs nothing.
    const again = await put('/growth/texts', {
      about: { title: 'About 51', content: 'We read comics & more.' },
    });
    expect(again.status).toBe(200);
    expect(await auditRows('text.update')).toHaveLength(4);
  });

  it('refuses empty, markup-only, duplicate and malformed texts, and nothing changes', async () => {
    await expectRefused('/growth/texts', '/growth/texts', 'text.update', [
      { about: { title: '', content: 'x' } },
      { about: { title: '<b></b>', content: 'x' } },
      { agreement: { title: 'T', content: 'x'.repeat(20_001) } },
      {
        help: [
          { id: 1, title: 'a', content: 'b' },
          { id: 1, title: 'c', content: 'd' },
        ],
      },
      { kefu: { title: 'a', content: 'b', email: 'not-an-address', url: '' } },
      { kefu: { title: 'a', content: 'b', email: '', url: 'javascript:alert(1)' } },
      { txt: { title: 'a', content: 'b' } },
      {},
    ]);
    expect((await app<{ title: string }>('/v3/init/txt', { name: 'about' })).title).toBe('About 51');
  });
});
