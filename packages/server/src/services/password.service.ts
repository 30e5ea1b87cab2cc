/**
 * Password hashing with node:crypto scrypt. The stored string carries its own parameters
 * (`scrypt$N$r$p$salt$hash`, N written out, salt and hash base64url), so the cost can be raised and
 * old hashes still verify; a login that verifies an old, cheaper hash is told to store a new one.
 *
 * The cost is OWASP's current minimum for scrypt: N=2^17, r=8, p=1 (128 MiB and a few hundred ms
 * of CPU per hash). The async scrypt runs on libuv's thread pool, so a hash never blocks the event
 * loop, but each one in flight holds its 128 MiB.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const PRODUCTION_PARAMS: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 17, r: 8, p: 1 });
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/**
 * scrypt needs 128·N·r bytes plus a little (128 MiB at the production cost), over Node's 32 MiB
 * default maxmem; twice that leaves headroom.
 */
const MAX_MEMORY = 256 * 1024 * 1024;
/** What a stored hash may ask for; anything more is treated as a broken hash, not computed. */
const MAX_HASH_MEMORY = MAX_MEMORY / 2;
const MAX_P = 16;

let params: Readonly<ScryptParams> = PRODUCTION_PARAMS;

/** A hash of a password nobody has, at the current cost: verifying against it costs a real check. */
let decoy: Promise<string> | null = null;

/**
 * Tests and benches only (testing/test-app.ts): hash new passwords at a cheaper cost, since suites
 * create hundreds of users and operators, or back at the production cost with `null`. Refused
 * under NODE_ENV=production, so a stray import can never weaken a deployment's hashes.
 */
export function setPasswordCostForTests(cheaper: ScryptParams | null): void {
  if (process.env['NODE_ENV'] === 'production') throw new Error('setPasswordCostForTests is for tests only');
  params = cheaper ? Object.freeze({ ...cheaper }) : PRODUCTION_PARAMS;
  decoy = null;
}

/** The parameters new hashes are made with. */
export function currentPasswordParams(): Readonly<ScryptParams> {
  return params;
}

function derive(password: string, salt: Buffer, options: ScryptParams, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const cost = params;
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost, KEY_LENGTH);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

const DIGITS = /^[1-9][0-9]{0,9}$/;

/** The parts of a stored hash, or null when it is not one this service could have written. */
function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, nText = '', rText = '', pText = '', saltText = '', keyText = ''] = parts;
  if (!DIGITS.test(nText) || !DIGITS.test(rText) || !DIGITS.test(pText)) return null;
  const N = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  // N must be a power of two above 1; the limits keep a tampered row from asking for gigabytes.
  if (N < 2 || (N & (N - 1)) !== 0 || 128 * N * r > MAX_HASH_MEMORY || p > MAX_P) return null;
  const salt = Buffer.from(saltText, 'base64url');
  const key = Buffer.from(keyText, 'base64url');
  if (salt.length === 0 || key.length < 16) return null;
  return { N, r, p, salt, key };
}

export interface PasswordCheck {
  ok: boolean;
  /**
   * The password was right and its hash is weaker than what hashPassword makes now: the caller
   * should store a new hash of the password it holds (never set when ok is false).
   */
  needsRehash: boolean;
}

/**
 * Checks `password` against `stored`. With no stored hash (unknown account, or an account without
 * a password) or a malformed one it still spends one scrypt at the current cost, so response times
 * do not reveal which accounts exist.
 */
export async function checkPassword(password: string, stored: string | null): Promise<PasswordCheck> {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed) {
    await spendDecoy(password);
    return { ok: false, needsRehash: false };
  }
  const key = await derive(password, parsed.salt, parsed, parsed.key.length);
  const ok = timingSafeEqual(key, parsed.key);
  // Only ever upgrade: a hash stronger than the current cost (a test's cheaper cost) is kept.
  const weaker =
    parsed.N < params.N || parsed.r !== params.r || parsed.p !== params.p || parsed.key.length < KEY_LENGTH;
  // A wrong password against a cheap old hash would answer faster than an unknown account does;
  // a right one is followed by the caller's rehash at the current cost, which takes as long.
  if (!ok && weaker) await spendDecoy(password);
  return { ok, needsRehash: ok && weaker };
}

/** One scrypt at the current cost against a hash of a password nobody has. */
async function spendDecoy(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  const spent = parseHash(await decoy);
  if (spent) await derive(password, spent.salt, spent, spent.key.length);
}

/** True when `password` matches `stored` (see checkPassword). */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  return (await checkPassword(password, stored)).ok;
}
