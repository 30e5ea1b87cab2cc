/**
 * Friends help (/pages/user/assist), our design for the spec's VIP helper route: a registered user
 * shares a link carrying their invite code; each NEW account (guests count: most visitors arrive
 * as guests) that opens it gives the sharer VIP hours through the ledger. Limits against abuse:
 * an account helps once ever, only within its first 7 days and only if it is younger than the
 * sharer's account; never oneself; at most DAILY_CAP helpers per sharer per day; a device that
 * already helped 3 times helps no more (a farm of fresh guests on one phone gains nothing).
 */
import type { Database } from '../db/database.js';
import { AssistRepository } from '../repositories/assist.repository.js';
import type { LedgerService } from './ledger.service.js';
import type { WalletService } from './wallet.service.js';

export const HOURS_PER_HELPER = 6;
export const DAILY_CAP = 5;
export const HELPER_MAX_AGE_S = 7 * 86_400;
export const HELPS_PER_DEVICE = 3;

export type HelpResult = 'ok' | 'self' | 'already' | 'too_old' | 'cap' | 'device' | 'unknown';

/** Start of the server's local day (the day the cap counts). */
function dayStart(nowS: number): number {
  const date = new Date(nowS * 1000);
  date.setHours(0, 0, 0, 0);
  return Math.floor(date.getTime() / 1000);
}

export class AssistService {
  private readonly reads: AssistRepository;

  constructor(
    db: Database,
    private readonly ledger: LedgerService,
    private readonly wallet: WalletService,
  ) {
    this.reads = new AssistRepository(db);
  }

  async overview(userId: number) {
    const now = Math.floor(Date.now() / 1000);
    const [code, today, totals, helpers] = await Promise.all([
      this.reads.inviteCode(userId),
      this.reads.helpsSince(userId, dayStart(now)),
      this.reads.totalHours(userId),
      this.reads.helpers(userId, 50),
    ]);
    return {
      code,
      share_path: `/#/pages/user/assist?code=${encodeURIComponent(code)}`,
      hours_per_helper: HOURS_PER_HELPER,
      helpers_today: today,
      daily_cap: DAILY_CAP,
      total_hours: totals,
      helpers: helpers.map((row) => ({
        nichen: row.deleted_time ? '' : row.nickname,
        pic: row.deleted_time ? '' : row.pic,
        addtime: Number(row.created_time),
        hours: row.hours,
      })),
    };
  }

  async help(helperId: number, deviceid: string, code: string) {
    const sharer = await this.reads.sharerByCode(code);
    const answer = (result: HelpResult, hours = 0) => ({
      helped: result === 'ok' ? 1 : 0,
      result,
      sharer_name: sharer?.nickname ?? '',
      hours,
    });
    if (!sharer) return answer('unknown');
    if (sharer.id === helperId) return answer('self');
    return this.ledger.transaction(async (tx) => {
      await tx.lockUser(sharer.id);
      const reads = new AssistRepository(tx.trx);
      if (await reads.hasHelped(helperId)) return answer('already');
      const helper = await reads.account(helperId);
      if (
        !helper ||
        helper.created_time < sharer.created_time ||
        tx.now - helper.created_time > HELPER_MAX_AGE_S
      )
        return answer('too_old');
      if (deviceid && (await reads.helpsFromDevice(deviceid)) >= HELPS_PER_DEVICE) return answer('device');
      if ((await reads.helpsSince(sharer.id, dayStart(tx.now))) >= DAILY_CAP) return answer('cap');
      await this.wallet.grantVipTime(tx, sharer.id, HOURS_PER_HELPER * 3600, {
        key: `assist:${helperId}`,
        title: helper.nickname,
      });
      await reads.insertHelp({
        sharerId: sharer.id,
        helperId,
        deviceid,
        hours: HOURS_PER_HELPER,
        time: tx.now,
      });
      return answer('ok', HOURS_PER_HELPER);
    });
  }
}
