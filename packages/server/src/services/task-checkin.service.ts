/**
 * Daily check-in with a 7-day streak. The reward of a check-in is the streak day's (1–7, then the
 * cycle starts again at day 1); a day without a check-in resets the streak. A missed day of the
 * current week (Monday to yesterday, not before the account existed) can be made up for coins:
 * that mends the streak for the check-ins that follow and pays no reward itself.
 */
import type { CheckinState } from '@dm51/shared';
import type { SettingsRepository } from '../repositories/settings.repository.js';
import { CHECKIN_KEYS, type TaskRepository } from '../repositories/task.repository.js';
import { presentCheckin } from '../presenters/task.presenter.js';
import { idempotent } from './idempotent-call.js';
import type { LedgerService } from './ledger.service.js';
import { dateOfDay, dayOfDate, type TaskClock } from './task-clock.js';
import { TaskErrors } from './task-errors.js';
import { cycleDayOf, streakEndingAt } from './task-progress.js';
import { asRewardType, payReward } from './task-rewards.js';
import type { WalletService } from './wallet.service.js';
import { moneyTitle } from './money-texts.js';

/** Setting row (JSON number) for the price of a make-up check-in, in coins. */
export const MAKEUP_COST_SETTING = 'task.checkin_makeup_coins';
export const DEFAULT_MAKEUP_COST = 20;
/** How far back a streak is counted (a longer one shows as this many days). */
const STREAK_LOOKBACK_DAYS = 400;

export class TaskCheckinService {
  constructor(
    private readonly repo: TaskRepository,
    private readonly settings: SettingsRepository,
    private readonly ledger: LedgerService,
    private readonly wallet: WalletService,
    private readonly clock: TaskClock,
  ) {}

  async state(userId: number, isGuest: boolean): Promise<CheckinState> {
    const today = this.clock.day();
    const [rewards, cost, checked, account] = await Promise.all([
      this.repo.checkinRewards(),
      this.makeupCost(),
      isGuest ? Promise.resolve([]) : this.repo.checkinDays(userId, today - STREAK_LOOKBACK_DAYS),
      this.repo.account(userId),
    ]);
    const firstDay = account && !isGuest ? this.clock.day(Number(account.created_time)) : today + 1;
    return presentCheckin({
      today,
      rewards,
      cost,
      checked,
      firstDay,
      weekStart: this.clock.weekStart(today),
    });
  }

  async checkin(userId: number, idempotencyKey: string) {
    return this.ledger.transaction((tx) =>
      idempotent(tx, { userId, call: 'task/checkin', key: idempotencyKey, request: {} }, async () => {
        const repo = this.repo.within(tx.trx);
        const time = this.clock.now();
        const today = this.clock.day(time);
        if (await repo.hasClaim(userId, CHECKIN_KEYS, today)) throw TaskErrors.checkedIn();
        const checked = await repo.checkinDays(userId, today - STREAK_LOOKBACK_DAYS);
        const streak = streakEndingAt(today - 1, checked) + 1;
        const day = cycleDayOf(streak);
        const row = (await repo.checkinRewards()).find((item) => item.day === day);
        const reward = { type: asRewardType(row?.reward_type ?? 'coins'), amount: row?.reward_amount ?? 0 };
        await repo.insertClaim({
          userId,
          taskKey: 'checkin',
          day: today,
          streakDay: day,
          rewardType: reward.type,
          rewardAmount: reward.amount,
          time,
        });
        await payReward(this.wallet, tx, userId, reward, {
          key: `checkin:${userId}:${today}`,
          ...moneyTitle('checkin', { day }),
        });
        return { streak, day, reward_type: reward.type, reward_amount: reward.amount };
      }),
    );
  }

  async makeup(userId: number, date: string, idempotencyKey: string) {
    const cost = await this.makeupCost();
    return this.ledger.transaction((tx) =>
      idempotent(tx, { userId, call: 'task/makeup', key: idempotencyKey, request: { date } }, async () => {
        const repo = this.repo.within(tx.trx);
        const time = this.clock.now();
        const today = this.clock.day(time);
        const day = dayOfDate(date);
        const account = await repo.account(userId);
        const firstDay = account ? this.clock.day(Number(account.created_time)) : today;
        const missable = day < today && day >= this.clock.weekStart(today) && day >= firstDay;
        if (!missable || (await repo.hasClaim(userId, CHECKIN_KEYS, day)))
          throw TaskErrors.makeupInvalid(date);
        await repo.insertClaim({
          userId,
          taskKey: 'checkin_makeup',
          day,
          rewardType: 'coins',
          rewardAmount: 0,
          cost,
          time,
        });
        if (cost > 0)
          await this.wallet.spendCoins(
            tx,
            userId,
            cost,
            {
              key: `checkin-makeup:${userId}:${day}`,
              ...moneyTitle('checkinMakeup', { date: dateOfDay(day) }),
            },
            'checkin_makeup',
          );
        const checked = await repo.checkinDays(userId, today - STREAK_LOOKBACK_DAYS);
        const streak = streakEndingAt(checked.includes(today) ? today : today - 1, checked);
        return { date: dateOfDay(day), cost, streak };
      }),
    );
  }

  private async makeupCost(): Promise<number> {
    const raw = (await this.settings.getMany([MAKEUP_COST_SETTING])).get(MAKEUP_COST_SETTING);
    let value = Number.NaN;
    try {
      if (raw !== undefined) value = Number(JSON.parse(raw));
    } catch {
      // A broken row falls back to the default, like the other settings.
    }
    return Number.isSafeInteger(value) && value >= 0 ? value : DEFAULT_MAKEUP_COST;
  }
}
