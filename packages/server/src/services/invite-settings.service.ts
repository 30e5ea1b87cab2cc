/**
 * The invite programme's rules, editable as `settings` rows (one JSON number per key, so the
 * console can change one value; a missing or broken row falls back to its default, broken ones are
 * logged). Read on every bind and milestone, so cached for a few seconds.
 *
 * - `invite.window_days` (7): days after an account is created during which it may enter a code.
 * - `invite.invitee_coins` (50) / `invite.invitee_vip_hours` (24): the friend's reward.
 * - `invite.inviter_coins` (100) / `invite.inviter_vip_hours` (0): the inviter's, per friend.
 * - `invite.first_task_coins` (50) / `invite.first_task_vip_hours` (0): the inviter's, when the
 *   friend first claims a task.
 * - `invite.first_topup_coins` (200) / `invite.first_topup_vip_hours` (24): the inviter's, when the
 *   friend first pays for a coin package or a VIP plan.
 * - `invite.bonus_days` (30): how long invite bonus coins last (0: never expire).
 * - `invite.max_accounts_per_device` (3): accounts one device may enter codes for, ever.
 * - `invite.max_accounts_per_ip` (3): accounts one network address may enter codes for in 24 hours
 *   (an address is shared by many people behind carrier NAT, so it is counted per day).
 */
import { TimedCache } from './timed-cache.js';
import type { FastifyBaseLogger } from 'fastify';
import type { SettingsRepository } from '../repositories/settings.repository.js';

export const DEFAULT_INVITE_RULES = {
  window_days: 7,
  invitee_coins: 50,
  invitee_vip_hours: 24,
  inviter_coins: 100,
  inviter_vip_hours: 0,
  first_task_coins: 50,
  first_task_vip_hours: 0,
  first_topup_coins: 200,
  first_topup_vip_hours: 24,
  bonus_days: 30,
  max_accounts_per_device: 3,
  max_accounts_per_ip: 3,
};

export type InviteRules = typeof DEFAULT_INVITE_RULES;
type RuleName = keyof InviteRules;

export const INVITE_SETTING_PREFIX = 'invite.';
const NAMES = Object.keys(DEFAULT_INVITE_RULES) as RuleName[];
/** No rule is sensible beyond this (a year of days, a million coins). */
const MAX_VALUE = 1_000_000;
const CACHE_MS = 5_000;

export class InviteSettingsService {
  private readonly cache = new TimedCache<InviteRules>(CACHE_MS);

  constructor(
    private readonly settings: SettingsRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  rules(): Promise<InviteRules> {
    return this.cache.get(() => this.readRules());
  }

  private async readRules(): Promise<InviteRules> {
    const stored = await this.settings.getMany(NAMES.map((name) => INVITE_SETTING_PREFIX + name));
    const value = { ...DEFAULT_INVITE_RULES };
    for (const name of NAMES) {
      const text = stored.get(INVITE_SETTING_PREFIX + name);
      if (text !== undefined) value[name] = this.parse(name, text);
    }
    return value;
  }

  /** Drops the cache (after an edit, and in tests that change a rule). */
  invalidate(): void {
    this.cache.invalidate();
  }

  private parse(name: RuleName, text: string): number {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_VALUE)
      return value;
    this.log.warn(
      { key: INVITE_SETTING_PREFIX + name },
      'invite setting is not a whole number; using the default',
    );
    return DEFAULT_INVITE_RULES[name];
  }
}
