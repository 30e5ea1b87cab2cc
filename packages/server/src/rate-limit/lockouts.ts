/**
 * The lock-outs an operator can see and clear in the console (System → Lock-outs): the failure
 * counters of sign-ins, logins, identity cards and OPDS tokens, with who they hold back and until
 * when. Other counters (code sending, comments, feedback) are plain rate limits and not listed.
 */
import { LOGIN_KEYS as CONSOLE_KEYS, LOGIN_LIMITS } from '../admin/auth/admin-auth.service.js';
import { OPDS_FAILURE_KEY, OPDS_FAILURE_LIMIT } from '../opds/app-token.service.js';
import { LOGIN_KEYS } from '../services/auth.service.js';
import type { KeyedCounter, RateCounterStore } from './rate-counter-store.js';
import { LIMITS } from './rate-limiter.js';

export type LockoutKind =
  | 'login-pair'
  | 'login-account'
  | 'login-address'
  | 'identity-address'
  | 'console-pair'
  | 'console-name'
  | 'console-address'
  | 'opds-address';

interface KindRule {
  kind: LockoutKind;
  prefix: string;
  limit: number;
  windowS: number;
  backoff?: { capS: number };
  /** What the rest of the key names: an account or name, an address, or both ("account|address"). */
  names: 'account' | 'address' | 'pair';
}

const KINDS: readonly KindRule[] = [
  { kind: 'login-pair', prefix: 'login-fail-pair:', ...LIMITS.loginFailuresPerAccountAndIp, names: 'pair' },
  { kind: 'login-account', prefix: 'login-fail:', ...LIMITS.loginFailuresPerAccount, names: 'account' },
  { kind: 'login-address', prefix: LOGIN_KEYS.ip(''), ...LIMITS.loginFailuresPerIp, names: 'address' },
  {
    kind: 'identity-address',
    prefix: LOGIN_KEYS.identityIp(''),
    ...LIMITS.identityFailuresPerIp,
    names: 'address',
  },
  { kind: 'console-pair', prefix: 'admin-login:pair:', ...LOGIN_LIMITS.perNameAndIp, names: 'pair' },
  { kind: 'console-name', prefix: CONSOLE_KEYS.name(''), ...LOGIN_LIMITS.perName, names: 'account' },
  { kind: 'console-address', prefix: CONSOLE_KEYS.ip(''), ...LOGIN_LIMITS.perIp, names: 'address' },
  { kind: 'opds-address', prefix: OPDS_FAILURE_KEY(''), ...OPDS_FAILURE_LIMIT, names: 'address' },
];

export interface Lockout {
  key: string;
  kind: LockoutKind;
  /** The account (kind:value), or the console operator's name; '' for an address-only counter. */
  account: string;
  address: string;
  /** Failures counted in the current window. */
  count: number;
  /** Whether attempts are refused now (over the limit, or waiting out a back-off). */
  locked: boolean;
  /** When the refusal ends (locked), or when the count starts over (not locked). */
  until: number;
}

function describe(rule: KindRule, row: KeyedCounter, now: number): Lockout | null {
  if (row.hits <= 0 || row.window_start <= now - rule.windowS) return null;
  const rest = row.key.slice(rule.prefix.length);
  const split = rest.lastIndexOf('|');
  const account = rule.names === 'address' ? '' : rule.names === 'pair' ? rest.slice(0, split) : rest;
  const address = rule.names === 'account' ? '' : rule.names === 'pair' ? rest.slice(split + 1) : rest;
  const windowEnd = row.window_start + rule.windowS;
  const locked = rule.backoff ? row.until_time > now : row.hits >= rule.limit;
  const until = rule.backoff && locked ? row.until_time : windowEnd;
  return { key: row.key, kind: rule.kind, account, address, count: row.hits, locked, until };
}

export function lockoutKindOf(key: string): LockoutKind | null {
  // The longest prefix first: 'login-fail:' is also the start of no other prefix, but stay safe.
  const rule = [...KINDS]
    .sort((a, b) => b.prefix.length - a.prefix.length)
    .find((r) => key.startsWith(r.prefix));
  return rule?.kind ?? null;
}

export class LockoutService {
  constructor(private readonly counters: RateCounterStore) {}

  /** Current failure counters, the locked ones first, newest window first. */
  async list(now: number): Promise<Lockout[]> {
    const found: Lockout[] = [];
    for (const rule of KINDS) {
      for (const row of await this.counters.list(rule.prefix)) {
        const lockout = describe(rule, row, now);
        if (lockout) found.push(lockout);
      }
    }
    return found.sort((a, b) => Number(b.locked) - Number(a.locked) || b.until - a.until);
  }

  /** Clears one counter; answers what it held, or null when `key` is no lock-out or already gone. */
  async clear(key: string, now: number): Promise<Lockout | null> {
    const rule = KINDS.find((r) => r.kind === lockoutKindOf(key));
    if (!rule) return null;
    const row = (await this.counters.list(key)).find((r) => r.key === key);
    await this.counters.delete(key);
    return row ? describe(rule, row, now) : null;
  }
}
