/**
 * The invite programme through the API: codes, entering a friend's code (at registration too),
 * every refusal (with its code, and nothing changed in the ledger), the invite log and the
 * milestone rewards (a first task reported in a ledger transaction, a first top-up through the
 * real fulfilment path).
 */
import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsHarness, newIp, uniqueEmail, type AccountsHarness } from '../../testing/accounts.js';
import { ledgerViolations, registeredUser, topUp } from '../../testing/money-factory.js';
import { coinPackage, newKey, pressPay, type InitAnswer } from '../../testing/payments.js';
import { newDeviceId, type TestSession } from '../../testing/test-client.js';

let h: AccountsHarness;
const DAY_S = 86_400;

interface IndexData {
  code: string;
  share_path: string;
  friends: number;
  earned: { coins: number; vip_hours: number };
  rewards: Record<string, { coins: number; vip_hours: number }>;
  can_bind: number;
  bind_deadline: number;
  invited_by: { nichen: string; code: string; reward: { coins: number; vip_hours: number } } | null;
}

interface FriendData {
  nichen: string;
  addtime: number;
  reward: { coins: number; vip_hours: number };
  first_task: number;
  first_topup: number;
}

beforeAll(async () => {
  h = await buildAccountsHarness();
});

afterAll(async () => {
  await h.close();
});

/** A registered user on a device of its own. */
async function user(): Promise<TestSession> {
  return registeredUser(h.ctx.db, h.client);
}

async function indexOf(session: TestSession) {
  const answer = await h.call<IndexData>('/v3/invite/index', {}, { session });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data!;
}

/** Enters `code` for `session`, from a fresh network address unless one is given. */
async function bind(session: TestSession, code: string, ip = newIp()) {
  return h.call<{ inviter: { nichen: string }; reward: { coins: number; vip_hours: number } }>(
    '/v3/invite/bind',
    { code },
    { session, ip },
  );
}

/** What a user would notice of the ledger: balances, VIP time and how many entries moved. */
async function wallets(...ids: number[]) {
  const users = await h.ctx.db
    .selectFrom('users')
    .select(['id', 'coins', 'ticket', 'viptime'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  const entries = await h.ctx.db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { users, entries: Number(entries.n) };
}

/** Asserts a refusal: its code, and nothing moved for anyone. */
async function expectRefused(
  attempt: () => Promise<{ code: number; msg: string }>,
  code: number,
  ...ids: number[]
) {
  const before = await wallets(...ids);
  const answer = await attempt();
  expect(answer.code, answer.msg).toBe(code);
  expect(answer.msg.length).toBeGreaterThan(10);
  expect(await wallets(...ids)).toEqual(before);
  expect(await ledgerViolations(h.ctx.db)).toEqual([]);
}

describe('invite codes and the index', () => {
  it('a registered user has a readable code, a share path and the rules; guests are refused', async () => {
    const alice = await user();
    const index = await indexOf(alice);
    expect(index.code).toMatch(/^[A-HJ-KM-NP-Z2-9]{8}$/);
    expect(index.share_path).toBe(`/#/pages/user/invite/write?code=${index.code}`);
    expect(index.friends).toBe(0);
    expect(index.rewards['invitee']).toEqual({ coins: 50, vip_hours: 24 });
    expect(index.rewards['inviter']).toEqual({ coins: 100, vip_hours: 0 });
    expect(index.can_bind).toBe(1);
    expect(index.invited_by).toBeNull();

    const guest = await h.client.initGuest();
    expect((await h.call('/v3/invite/index', {}, { session: guest })).code).toBe(ApiCode.LOGIN_REQUIRED);
    await expectRefused(() => bind(guest, index.code), ApiCode.LOGIN_REQUIRED, alice.userId, guest.userId);
  });
});

describe('entering a friend’s code', () => {
  it('pays both through the ledger, once, and shows in the index and the invite log', async () => {
    const alice = await user();
    const bob = await user();
    const { code } = await indexOf(alice);
    const before = await wallets(alice.userId, bob.userId);

    const answer = await bind(bob, ` ${code.toLowerCase()} `);
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data!.reward).toEqual({ coins: 50, vip_hours: 24 });

    const after = await wallets(alice.userId, bob.userId);
    const [a0, b0] = before.users;
    const [a1, b1] = after.users;
    expect(a1!.ticket - a0!.ticket).toBe(100);
    expect(b1!.ticket - b0!.ticket).toBe(50);
    expect(b1!.viptime).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 24 * 3600 - 5);
    expect(await ledgerViolations(h.ctx.db)).toEqual([]);

    // The same code again (a retry after a lost answer) answers the same and moves nothing.
    const again = await bind(bob, code);
    expect(again.code).toBe(1);
    expect(again.data!.reward).toEqual({ coins: 50, vip_hours: 24 });
    expect(await wallets(alice.userId, bob.userId)).toEqual(after);

    const aliceIndex = await indexOf(alice);
    expect(aliceIndex.friends).toBe(1);
    expect(aliceIndex.earned).toEqual({ coins: 100, vip_hours: 0 });
    const bobIndex = await indexOf(bob);
    expect(bobIndex.can_bind).toBe(0);
    expect(bobIndex.invited_by).toMatchObject({ code, reward: { coins: 50, vip_hours: 24 } });

    const log = await h.call<{ list: FriendData[]; total: number }>(
      '/v3/invite/user',
      { page: 1, limit: 10 },
      { session: alice },
    );
    expect(log.data!.total).toBe(1);
    expect(log.data!.list[0]).toMatchObject({ reward: { coins: 100, vip_hours: 0 }, first_task: 0 });
    expect(log.data!.list[0]!.nichen).toContain('***');
    // Bob invited nobody.
    const bobLog = await h.call<{ list: FriendData[]; total: number }>(
      '/v3/invite/user',
      {},
      { session: bob },
    );
    expect(bobLog.data).toEqual({ list: [], total: 0 });
  });

  it('two codes entered at once: one is taken, the other refused, and one reward is paid', async () => {
    const [alice, carol, bob] = [await user(), await user(), await user()];
    const codes = [(await indexOf(alice)).code, (await indexOf(carol)).code];
    const before = await wallets(bob.userId);
    const answers = await Promise.all([...codes, codes[0]!].map((code) => bind(bob, code)));
    const accepted = answers.filter((answer) => answer.code === 1).length;
    const refused = answers.filter((answer) => answer.code === ApiCode.INVITE_ALREADY_BOUND).length;
    expect(accepted + refused).toBe(3);
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect((await wallets(bob.userId)).users[0]!.ticket - before.users[0]!.ticket).toBe(50);
    expect(await ledgerViolations(h.ctx.db)).toEqual([]);
  });

  it('follows the reward amounts in the settings', async () => {
    await h.ctx.db
      .insertInto('settings')
      .values({ key: 'invite.invitee_coins', value: '80', updated_time: 0 })
      .execute();
    h.ctx.app.services.invites.settings.invalidate();
    try {
      const alice = await user();
      const bob = await user();
      const answer = await bind(bob, (await indexOf(alice)).code);
      expect(answer.data!.reward.coins).toBe(80);
    } finally {
      await h.ctx.db.deleteFrom('settings').where('key', '=', 'invite.invitee_coins').execute();
      h.ctx.app.services.invites.settings.invalidate();
    }
  });
});

describe('refusals change nothing', () => {
  it('the own code', async () => {
    const alice = await user();
    await expectRefused(() => bind(alice, '').then((r) => r), ApiCode.PARAMS_INVALID, alice.userId);
    await expectRefused(
      async () => bind(alice, (await indexOf(alice)).code),
      ApiCode.INVITE_OWN_CODE,
      alice.userId,
    );
  });

  it('an unknown code, and a guest’s code', async () => {
    const bob = await user();
    await expectRefused(() => bind(bob, 'ZZZZ2222'), ApiCode.INVITE_CODE_UNKNOWN, bob.userId);
    const guest = await h.client.initGuest();
    const guestCode = await h.ctx.db
      .selectFrom('users')
      .select('invite_code')
      .where('id', '=', guest.userId)
      .executeTakeFirstOrThrow();
    await expectRefused(() => bind(bob, guestCode.invite_code), ApiCode.INVITE_CODE_UNKNOWN, bob.userId);
  });

  it('a second code', async () => {
    const alice = await user();
    const carol = await user();
    const bob = await user();
    expect((await bind(bob, (await indexOf(alice)).code)).code).toBe(1);
    const carolCode = (await indexOf(carol)).code;
    await expectRefused(() => bind(bob, carolCode), ApiCode.INVITE_ALREADY_BOUND, bob.userId, carol.userId);
  });

  it('after the window, and for an account older than the code’s owner', async () => {
    const alice = await user();
    const bob = await user();
    const code = (await indexOf(alice)).code;
    const eightDaysAgo = Math.floor(Date.now() / 1000) - 8 * DAY_S;
    await h.ctx.db
      .updateTable('users')
      .set({ created_time: eightDaysAgo })
      .where('id', '=', bob.userId)
      .execute();
    expect((await indexOf(bob)).can_bind).toBe(0);
    await expectRefused(() => bind(bob, code), ApiCode.INVITE_WINDOW_PASSED, alice.userId, bob.userId);

    const older = await user();
    const newer = await user();
    await h.ctx.db
      .updateTable('users')
      .set({ created_time: Math.floor(Date.now() / 1000) - DAY_S })
      .where('id', '=', older.userId)
      .execute();
    const newerCode = (await indexOf(newer)).code;
    await expectRefused(() => bind(older, newerCode), ApiCode.INVITE_NOT_NEWER, older.userId, newer.userId);
  });

  it('a device already used for 3 accounts', async () => {
    const alice = await user();
    const code = (await indexOf(alice)).code;
    const device = newDeviceId();
    const friends = [await user(), await user(), await user(), await user()];
    // The four accounts signed in on one phone.
    await h.ctx.db
      .updateTable('sessions')
      .set({ deviceid: device })
      .where(
        'user_id',
        'in',
        friends.map((f) => f.userId),
      )
      .execute();
    for (const friend of friends.slice(0, 3)) expect((await bind(friend, code)).code).toBe(1);
    await expectRefused(
      () => bind(friends[3]!, code),
      ApiCode.INVITE_DEVICE_LIMIT,
      alice.userId,
      friends[3]!.userId,
    );
  });

  it('a network address already used for 3 accounts today', async () => {
    const alice = await user();
    const code = (await indexOf(alice)).code;
    const ip = newIp();
    const friends = [await user(), await user(), await user(), await user()];
    for (const friend of friends.slice(0, 3)) expect((await bind(friend, code, ip)).code).toBe(1);
    await expectRefused(
      () => bind(friends[3]!, code, ip),
      ApiCode.INVITE_IP_LIMIT,
      alice.userId,
      friends[3]!.userId,
    );
    // Another address is fine.
    expect((await bind(friends[3]!, code)).code).toBe(1);
  });
});

describe('milestones pay the inviter once per friend', () => {
  it('a first task, reported inside a ledger transaction', async () => {
    const alice = await user();
    const bob = await user();
    expect((await bind(bob, (await indexOf(alice)).code)).code).toBe(1);
    const { money, invites } = h.ctx.app.services;
    const before = await wallets(alice.userId);
    for (let i = 0; i < 2; i++)
      await money.ledger.transaction((tx) => invites.milestones.reached(tx, bob.userId, 'first_task'));
    const after = await wallets(alice.userId);
    expect(after.users[0]!.ticket - before.users[0]!.ticket).toBe(50);

    // A user nobody invited reaches milestones without paying anyone.
    const loner = await user();
    const untouched = await wallets(alice.userId, loner.userId);
    await money.ledger.transaction((tx) => invites.milestones.reached(tx, loner.userId, 'first_task'));
    expect(await wallets(alice.userId, loner.userId)).toEqual(untouched);
  });

  it('a first top-up, through payment fulfilment', async () => {
    const alice = await user();
    const bob = await user();
    expect((await bind(bob, (await indexOf(alice)).code)).code).toBe(1);
    const before = await wallets(alice.userId);
    // Bob pays a coin package at the demo cashier (its signed notification fulfils the order) ...
    const pack = await coinPackage(h.ctx.db, 300);
    const order = await h.call<InitAnswer>(
      '/v3/pay/init',
      { product_type: 'coins', product_id: pack.id, method: 'cashier', idempotency_key: newKey() },
      { session: bob },
    );
    expect(order.code, order.msg).toBe(1);
    expect((await pressPay(h.ctx.app, order.data!.pay_url)).statusCode).toBe(303);
    // ... and later buys VIP: only the first pays Alice.
    await topUp(h.ctx.db, h.ctx.app.services.money, bob.userId, { vipDays: 30 });
    const after = await wallets(alice.userId);
    expect(after.users[0]!.ticket - before.users[0]!.ticket).toBe(200);
    expect(after.users[0]!.viptime).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 24 * 3600 - 5);
    expect(await ledgerViolations(h.ctx.db)).toEqual([]);

    const log = await h.call<{ list: FriendData[] }>('/v3/invite/user', {}, { session: alice });
    expect(log.data!.list[0]).toMatchObject({ first_topup: 1, reward: { coins: 300, vip_hours: 24 } });
  });
});

describe('a code sent with the registration', () => {
  async function register(code: string) {
    const guest = await h.client.initGuest();
    const email = uniqueEmail('invited');
    const mailed = await h.mailCode(email, 'reg', guest);
    return h.call<{ uid: number; invite: { code: number; msg: string; reward: { coins: number } } | null }>(
      '/v3/login/reg',
      {
        account: email,
        code: mailed,
        password: 'password 1',
        guest_token: guest.token,
        guest_uid: guest.userId,
        deviceid: newDeviceId(),
        invite_code: code,
      },
      { noMerge: true, ip: newIp() },
    );
  }

  it('is entered for the new account; a refused code still registers', async () => {
    const alice = await user();
    const { code } = await indexOf(alice);
    const before = await wallets(alice.userId);
    const joined = await register(code);
    expect(joined.code, joined.msg).toBe(1);
    expect(joined.data!.invite).toMatchObject({ code: 1, reward: { coins: 50 } });
    expect((await wallets(alice.userId)).users[0]!.ticket - before.users[0]!.ticket).toBe(100);

    const refused = await register('NOSUCH22');
    expect(refused.code).toBe(1);
    expect(refused.data!.uid).toBeGreaterThan(0);
    expect(refused.data!.invite).toMatchObject({ code: ApiCode.INVITE_CODE_UNKNOWN, reward: { coins: 0 } });
  });
});
