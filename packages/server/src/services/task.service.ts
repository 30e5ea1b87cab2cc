/**
 * The task list and claims. Progress is read from what the server recorded (task-progress.ts);
 * a claim re-checks it inside the ledger transaction that pays, so a client can only claim what
 * it did, once per task day (one-time tasks once ever), and a repeated request with the same
 * idempotency key answers the first result.
 */
import type { TaskItem } from '@dm51/shared';
import type { TaskDefRow } from '../db/schema-tasks.js';
import type { TaskRepository } from '../repositories/task.repository.js';
import { presentClaim, presentTask } from '../presenters/task.presenter.js';
import type { FriendMilestones } from './growth-hooks.js';
import { idempotent } from './idempotent-call.js';
import type { LedgerService } from './ledger.service.js';
import type { TaskClock } from './task-clock.js';
import { TaskErrors } from './task-errors.js';
import { progressOf, type TaskFacts } from './task-progress.js';
import { asRewardType, payReward } from './task-rewards.js';
import type { WalletService } from './wallet.service.js';
import { moneyTitle, type MoneyTitle } from './money-texts.js';
import type { MoneyTextKey } from './money-texts-translations.js';

/** Ledger entry titles (the expense log shows them), by the task's metric (money-texts.ts). */
const TASK_TITLES: Record<string, MoneyTextKey> = {
  chapters: 'task_chapters',
  read_minutes: 'task_read_minutes',
  watch_minutes: 'task_watch_minutes',
  comments: 'task_comments',
  shares: 'task_shares',
  favorites: 'task_favorites',
  bound: 'task_bound',
  profile: 'task_profile',
  topups: 'task_topups',
  notify: 'task_notify',
};

export class TaskService {
  constructor(
    private readonly repo: TaskRepository,
    private readonly ledger: LedgerService,
    private readonly wallet: WalletService,
    private readonly milestones: FriendMilestones,
    private readonly clock: TaskClock,
  ) {}

  /** Daily and one-time tasks with the user's progress (guests: none, they cannot do tasks). */
  async tasks(userId: number, isGuest: boolean): Promise<{ daily: TaskItem[]; once: TaskItem[] }> {
    const today = this.clock.day();
    const defs = await this.repo.enabledDefs();
    const facts = isGuest ? null : await this.facts(this.repo, userId, today);
    const claimed = isGuest ? new Set<string>() : await this.repo.claimsOn(userId, [today, 0]);
    const items = defs.map((def) =>
      presentTask(
        def,
        facts ? progressOf(def, facts) : 0,
        claimed.has(`${def.task_key}@${def.kind === 'daily' ? today : 0}`),
      ),
    );
    return {
      daily: items.filter((item) => item.kind === 'daily'),
      once: items.filter((item) => item.kind === 'once'),
    };
  }

  async claim(userId: number, key: string, idempotencyKey: string) {
    return this.ledger.transaction((tx) =>
      idempotent(tx, { userId, call: 'task/claim', key: idempotencyKey, request: { key } }, async () => {
        const repo = this.repo.within(tx.trx);
        const def = (await repo.enabledDefs()).find((row) => row.task_key === key);
        if (!def) throw TaskErrors.notFound(key);
        const time = this.clock.now();
        const day = def.kind === 'daily' ? this.clock.day(time) : 0;
        if (await repo.hasClaim(userId, [key], day)) throw TaskErrors.claimed();
        const progress = progressOf(def, await this.facts(repo, userId, this.clock.day(time)));
        if (progress < def.target) throw TaskErrors.unfinished(progress, def.target);

        const firstTask = !(await repo.hasClaimedAnyTask(userId));
        const reward = { type: asRewardType(def.reward_type), amount: def.reward_amount };
        await repo.insertClaim({
          userId,
          taskKey: key,
          day,
          rewardType: reward.type,
          rewardAmount: reward.amount,
          time,
        });
        await payReward(this.wallet, tx, userId, reward, {
          key: `task:${userId}:${key}:${day}`,
          ...titleOf(def),
        });
        if (firstTask) await this.milestones.reached(tx, userId, 'first_task');
        return { key, reward_type: reward.type, reward_amount: reward.amount };
      }),
    );
  }

  async log(userId: number, page: number, limit: number) {
    const { rows, total } = await this.repo.claimLog(userId, (page - 1) * limit, limit);
    return { list: rows.map(presentClaim), total };
  }

  private async facts(repo: TaskRepository, userId: number, today: number): Promise<TaskFacts> {
    const [events, reading, ever, account, fulfilledOrders] = await Promise.all([
      repo.eventCounts(userId, today),
      repo.readingSeconds(userId, today),
      repo.eventCounts(userId, 0),
      repo.account(userId),
      repo.fulfilledOrders(userId),
    ]);
    return { today: events, reading, ever, account, fulfilledOrders };
  }
}

function titleOf(def: TaskDefRow): MoneyTitle {
  const key = TASK_TITLES[def.metric];
  return key ? moneyTitle(key) : moneyTitle('taskReward', { task: def.task_key });
}
