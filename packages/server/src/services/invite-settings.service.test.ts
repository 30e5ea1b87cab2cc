import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { SettingsRepository } from '../repositories/settings.repository.js';
import { DEFAULT_INVITE_RULES, InviteSettingsService } from './invite-settings.service.js';

function serviceWith(rows: Record<string, string>) {
  const repo = { getMany: async () => new Map(Object.entries(rows)) } as unknown as SettingsRepository;
  const warn = vi.fn();
  const log = { warn } as unknown as FastifyBaseLogger;
  return { service: new InviteSettingsService(repo, log), warn };
}

describe('invite settings', () => {
  it('uses the defaults without rows', async () => {
    expect(await serviceWith({}).service.rules()).toEqual(DEFAULT_INVITE_RULES);
  });

  it('takes whole numbers from rows and falls back (logged) for anything else', async () => {
    const { service, warn } = serviceWith({
      'invite.window_days': '14',
      'invite.inviter_coins': '0',
      'invite.invitee_coins': '"lots"',
      'invite.bonus_days': '-1',
      'invite.max_accounts_per_ip': '2.5',
      'invite.max_accounts_per_device': 'not json',
    });
    const rules = await service.rules();
    expect(rules).toMatchObject({
      window_days: 14,
      inviter_coins: 0,
      invitee_coins: DEFAULT_INVITE_RULES.invitee_coins,
      bonus_days: DEFAULT_INVITE_RULES.bonus_days,
      max_accounts_per_ip: DEFAULT_INVITE_RULES.max_accounts_per_ip,
      max_accounts_per_device: DEFAULT_INVITE_RULES.max_accounts_per_device,
    });
    expect(warn).toHaveBeenCalledTimes(4);
  });
});
