/**
 * The production scrypt cost through the real calls: a registration and an operator created by
 * the console service store N=2^17 hashes, and a password hashed at the old N=2^14 is replaced by
 * an N=2^17 hash at the next successful login (app users) or console sign-in (operators, after
 * both factors), never on a failed one. This file turns the test harness's cheaper cost back off.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../admin/auth/totp.js';
import { OperatorRepository } from '../admin/auth/operator.repository.js';
import { AccountRepository } from '../repositories/account.repository.js';
import { buildAccountsHarness, newIp, uniqueEmail, type AccountsHarness } from '../testing/accounts.js';
import { createOperator, login as consoleLogin } from '../testing/admin-harness.js';
import { newDeviceId } from '../testing/test-client.js';
import { setPasswordCostForTests } from './password.service.js';

const PRODUCTION_HASH = /^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/;

/** A hash exactly as the service wrote them before the cost was raised (N=2^14, r=8, p=1). */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 16_384, r: 8, p: 1 });
  return ['scrypt', 16_384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

let h: AccountsHarness;
beforeAll(async () => {
  h = await buildAccountsHarness();
  // The harness hashes cheaply for speed; this file is about the real cost.
  setPasswordCostForTests(null);
});
afterAll(async () => h.close());

async function userHash(email: string): Promise<string | null> {
  const row = await h.ctx.db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

async function appLogin(account: string, password: string) {
  return h.call(
    '/v3/login/index',
    { account, password, deviceid: newDeviceId() },
    { noMerge: true, ip: newIp() },
  );
}

async function operatorHash(id: number): Promise<string> {
  const row = await h.ctx.db
    .selectFrom('operators')
    .select('password_hash')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

describe('app users', () => {
  it('registration stores an N=2^17 hash, and a login with it leaves it as it is', async () => {
    const email = uniqueEmail();
    await h.registerByEmail(email, 'correct horse');
    const stored = await userHash(email);
    expect(stored).toMatch(PRODUCTION_HASH);
    expect((await appLogin(email, 'correct horse')).code).toBe(1);
    expect(await userHash(email)).toBe(stored);
  });

  it('upgrades an old N=2^14 hash at the next successful login, not at a failed one', async () => {
    const email = uniqueEmail();
    await h.registerByEmail(email, 'correct horse');
    const old = legacyHash('correct horse');
    await h.ctx.db.updateTable('users').set({ password_hash: old }).where('email', '=', email).execute();

    const failed = await appLogin(email, 'wrong horse');
    expect(failed.code).toBe(ApiCode.LOGIN_FAILED);
    expect(await userHash(email)).toBe(old);

    expect((await appLogin(email, 'correct horse')).code).toBe(1);
    const upgraded = await userHash(email);
    expect(upgraded).toMatch(PRODUCTION_HASH);
    expect(upgraded).not.toBe(old);

    // The new hash is of the same password, and is not rewritten again.
    expect((await appLogin(email, 'correct horse')).code).toBe(1);
    expect((await appLogin(email, 'wrong horse')).code).toBe(ApiCode.LOGIN_FAILED);
    expect(await userHash(email)).toBe(upgraded);
  });

  it('does not undo a password change made between the check and the upgrade', async () => {
    const email = uniqueEmail();
    await h.registerByEmail(email, 'correct horse');
    const changed = await userHash(email);
    const id = (
      await h.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    ).id;
    // The upgrade writes only over the hash it verified; this row has moved on since.
    const accounts = new AccountRepository(h.ctx.db);
    expect(await accounts.replacePasswordHash(id, legacyHash('correct horse'), 'scrypt$stale')).toBe(false);
    expect(await userHash(email)).toBe(changed);
  });
});

describe('console operators', () => {
  it('an operator is created with an N=2^17 hash', async () => {
    const op = await createOperator(h.ctx.app, 'viewer');
    expect(await operatorHash(op.id)).toMatch(PRODUCTION_HASH);
  });

  it('upgrades an old N=2^14 hash once both factors passed, not before', async () => {
    const op = await createOperator(h.ctx.app, 'admin');
    const old = legacyHash(op.password);
    await h.ctx.db.updateTable('operators').set({ password_hash: old }).where('id', '=', op.id).execute();
    const ip = newIp();

    const wrongPassword = await consoleLogin(h.ctx.app, { name: op.name, password: 'not-the-password' }, ip);
    expect(wrongPassword.json().code).toBe(ApiCode.ADMIN_LOGIN_FAILED);
    expect(await operatorHash(op.id)).toBe(old);

    // A right password alone, or with a wrong code, is not a sign-in.
    const noCode = await consoleLogin(h.ctx.app, { name: op.name, password: op.password }, ip);
    expect(noCode.json().code).toBe(ApiCode.ADMIN_TOTP_REQUIRED);
    const staleCode = totpCode(op.secret, Date.now() - 10 * 60_000);
    const wrongCode = await consoleLogin(
      h.ctx.app,
      { name: op.name, password: op.password, code: staleCode },
      ip,
    );
    expect(wrongCode.json().code).toBe(ApiCode.ADMIN_LOGIN_FAILED);
    expect(await operatorHash(op.id)).toBe(old);

    const ok = await consoleLogin(
      h.ctx.app,
      { name: op.name, password: op.password, code: totpCode(op.secret) },
      ip,
    );
    expect(ok.statusCode).toBe(200);
    const upgraded = await operatorHash(op.id);
    expect(upgraded).toMatch(PRODUCTION_HASH);
    expect(upgraded).not.toBe(old);

    // Same password, new hash: a right password still gets to the code question.
    const again = await consoleLogin(h.ctx.app, { name: op.name, password: op.password }, ip);
    expect(again.json().code).toBe(ApiCode.ADMIN_TOTP_REQUIRED);
    expect(await operatorHash(op.id)).toBe(upgraded);
  });

  it('does not undo a password set between the check and the upgrade', async () => {
    const op = await createOperator(h.ctx.app, 'viewer');
    const current = await operatorHash(op.id);
    const operators = new OperatorRepository(h.ctx.db);
    expect(await operators.replacePasswordHash(op.id, legacyHash(op.password), 'scrypt$stale')).toBe(false);
    expect(await operatorHash(op.id)).toBe(current);
  });
});
