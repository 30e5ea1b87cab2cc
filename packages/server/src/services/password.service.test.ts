/**
 * The password hash on its own, at the production cost (this file does not build a test app, so
 * nothing lowers it): the self-describing format, old N=2^14 hashes still verifying and flagged
 * for an upgrade, broken or hostile stored strings refused without computing them, and the hash
 * running off the event loop.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkPassword,
  currentPasswordParams,
  hashPassword,
  PRODUCTION_PARAMS,
  setPasswordCostForTests,
  verifyPassword,
} from './password.service.js';

/** A hash as the service wrote them before the cost was raised (N=2^14, r=8, p=1). */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 16_384, r: 8, p: 1 });
  return ['scrypt', 16_384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

afterEach(() => setPasswordCostForTests(null));

describe('password hashing', () => {
  it('hashes at N=2^17, r=8, p=1 and writes the parameters into the hash', async () => {
    expect(currentPasswordParams()).toEqual({ N: 131_072, r: 8, p: 1 });
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await checkPassword('correct horse', hash)).toEqual({ ok: true, needsRehash: false });
    expect(await checkPassword('wrong horse', hash)).toEqual({ ok: false, needsRehash: false });
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
  });

  it('verifies an old N=2^14 hash and asks for an upgrade only when the password is right', async () => {
    const old = legacyHash('correct horse');
    expect(await checkPassword('correct horse', old)).toEqual({ ok: true, needsRehash: true });
    expect(await checkPassword('wrong horse', old)).toEqual({ ok: false, needsRehash: false });
    expect(await verifyPassword('correct horse', old)).toBe(true);
  });

  it('normalises the password (NFKC) the way old hashes were made', async () => {
    const old = legacyHash('Ｐａｓｓ word');
    expect((await checkPassword('Pass word', old)).ok).toBe(true);
  });

  it('never asks to replace a hash stronger than the current cost', async () => {
    const strong = await hashPassword('pw');
    setPasswordCostForTests({ N: 1024, r: 8, p: 1 });
    expect(await checkPassword('pw', strong)).toEqual({ ok: true, needsRehash: false });
    const cheap = await hashPassword('pw');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    setPasswordCostForTests(null);
    expect(await checkPassword('pw', cheap)).toEqual({ ok: true, needsRehash: true });
  });

  it('answers false (after the same work) for no hash, a foreign or a broken one', async () => {
    const old = legacyHash('pw');
    const [, , , , salt, key] = old.split('$');
    // Each refusal spends a decoy hash at the current cost; a cheap one keeps this test quick.
    setPasswordCostForTests({ N: 1024, r: 8, p: 1 });
    for (const stored of [
      null,
      '',
      'bcrypt$2b$10$abc',
      old.replace('scrypt$', 'md5$'),
      `scrypt$16383$8$1$${salt}$${key}`, // N not a power of two
      `scrypt$0x4000$8$1$${salt}$${key}`,
      `scrypt$16384$8$1$${salt}$`,
      `scrypt$16384$8$1$$${key}`,
      `scrypt$16384$8$1$${salt}$${key}$extra`,
      // Would need 8 GiB: refused without computing it.
      `scrypt$${2 ** 26}$8$1$${salt}$${key}`,
      `scrypt$16384$8$1000$${salt}$${key}`,
    ]) {
      expect(await checkPassword('pw', stored), String(stored)).toEqual({ ok: false, needsRehash: false });
    }
  });

  it('hashes off the event loop: timers keep firing while a hash runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    try {
      const started = performance.now();
      await hashPassword('correct horse');
      const elapsed = performance.now() - started;
      // A synchronous scrypt would hold the loop for the whole hash and let no timer run.
      expect(elapsed).toBeGreaterThan(20);
      expect(ticks).toBeGreaterThanOrEqual(2);
    } finally {
      clearInterval(timer);
    }
  });

  it('keeps the production parameters frozen', () => {
    expect(Object.isFrozen(PRODUCTION_PARAMS)).toBe(true);
  });
});
