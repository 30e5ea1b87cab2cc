/** Task rows → the task centre's records (tasks, the check-in calendar, the log). */
import { TASK_GO_TARGETS, type CheckinState, type TaskItem } from '@dm51/shared';
import type { TaskClaimRow, TaskDefRow } from '../db/schema-tasks.js';
import { dateOfDay } from '../services/task-clock.js';
import { cycleDayOf, streakEndingAt } from '../services/task-progress.js';
import { asRewardType } from '../services/task-rewards.js';

type GoTarget = (typeof TASK_GO_TARGETS)[number];

export function presentTask(def: TaskDefRow, progress: number, claimed: boolean): TaskItem {
  const go = (TASK_GO_TARGETS as readonly string[]).includes(def.go) ? (def.go as GoTarget) : 'read';
  return {
    key: def.task_key,
    kind: def.kind === 'once' ? 'once' : 'daily',
    go,
    progress: Math.min(progress, def.target),
    target: def.target,
    reward_type: asRewardType(def.reward_type),
    reward_amount: def.reward_amount,
    status: claimed ? 'claimed' : progress >= def.target ? 'claimable' : 'todo',
  };
}

export function presentCheckin(input: {
  today: number;
  rewards: { day: number; reward_type: string; reward_amount: number }[];
  cost: number;
  /** Days checked in or made up, newest first. */
  checked: number[];
  /** The account's first day (days before it cannot be made up). */
  firstDay: number;
  weekStart: number;
}): CheckinState {
  const { today, checked } = input;
  const todayChecked = checked.includes(today);
  const streak = streakEndingAt(todayChecked ? today : today - 1, checked);
  // The cell today fills: the streak's own day once checked in, else the next one.
  const current = todayChecked ? cycleDayOf(streak) : cycleDayOf(streak + 1);
  const days = input.rewards.map((row) => ({
    day: row.day,
    reward_type: asRewardType(row.reward_type),
    reward_amount: row.reward_amount,
    checked: row.day < current || (todayChecked && row.day === current) ? 1 : 0,
    current: row.day === current ? 1 : 0,
  }));
  const week = Array.from({ length: 7 }, (_, index) => {
    const day = input.weekStart + index;
    const status =
      day > today
        ? 'future'
        : checked.includes(day)
          ? 'checked'
          : day === today
            ? 'today'
            : day < input.firstDay
              ? 'none'
              : 'missed';
    return { date: dateOfDay(day), status } as const;
  });
  return {
    today: dateOfDay(today),
    today_checked: todayChecked ? 1 : 0,
    streak,
    days,
    week,
    makeup_cost: input.cost,
  };
}

export function presentClaim(row: TaskClaimRow) {
  return {
    key: row.task_key,
    date: row.day === 0 ? '' : dateOfDay(row.day),
    reward_type: asRewardType(row.reward_type),
    reward_amount: row.reward_amount,
    cost: row.cost,
    addtime: Number(row.created_time),
  };
}
