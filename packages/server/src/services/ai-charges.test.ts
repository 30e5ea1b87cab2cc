import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerViolations, registeredUser, topUp } from '../testing/money-factory.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient, type TestClient } from '../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
});
afterAll(() => ctx.close());

const user = async (id: number) =>
  ctx.db
    .selectFrom('users')
    .select(['coins', 'ticket', 'ai_cos_coin'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('AI charges', () => {
  it('takes the free tries of the day first, then credits, and refuses when both are used up', async () => {
    const { ai, money } = ctx.app.services;
    const { userId } = await registeredUser(ctx.db, client);
    const charge = (n: number) =>
      money.ledger.transaction((tx) =>
        ai.charges.charge(tx, userId, 2, { key: `test:ai:${userId}:${n}`, title: 'AI cos' }),
      );

    for (let n = 0; n < 3; n += 1) expect(await charge(n)).toMatchObject({ paidWith: 'free', credits: 0 });
    expect(await ai.charges.freeLeft(userId)).toBe(0);
    await expect(charge(3)).rejects.toMatchObject({ code: ApiCode.AI_CREDITS_SHORT });
    expect((await user(userId)).ai_cos_coin).toBe(0);

    // Credits bought with coins (bonus coins first, like any spend).
    await topUp(ctx.db, money, userId, { coins: 50 });
    await money.ledger.transaction((tx) =>
      money.wallet.buyAiCredits(tx, userId, 30, 10, { key: `test:ai:buy:${userId}`, title: 'AI credits' }),
    );
    expect(await user(userId)).toMatchObject({ coins: 20, ai_cos_coin: 10 });
    const paid = await charge(4);
    expect(paid).toMatchObject({ paidWith: 'credits', credits: 2 });
    expect((await user(userId)).ai_cos_coin).toBe(8);

    // A failed job gives back what it took: the credits once, and a free try of its day.
    const refund = (taken: typeof paid, n: number) =>
      money.ledger.transaction((tx) =>
        ai.charges.refund(tx, userId, taken, { key: `test:ai:${userId}:${n}`, title: 'AI cos failed' }),
      );
    await refund(paid, 4);
    await refund(paid, 4);
    expect((await user(userId)).ai_cos_coin).toBe(10);
    await refund({ paidWith: 'free', credits: 0, day: ctx.app.services.tasks.clock.day() }, 0);
    expect(await ai.charges.freeLeft(userId)).toBe(1);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});
