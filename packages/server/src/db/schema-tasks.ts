/** Table types of migration 0010-tasks.ts (the task centre); merged into DB in schema.ts. */
import type { Generated, Selectable } from 'kysely';

export interface TaskDefsTable {
  id: Generated<number>;
  task_key: string;
  kind: string;
  metric: string;
  go: string;
  target: number;
  reward_type: string;
  reward_amount: number;
  sort: Generated<number>;
  enabled: Generated<number>;
  updated_time: number;
}
export type TaskDefRow = Selectable<TaskDefsTable>;

export interface TaskCheckinDaysTable {
  day: number;
  reward_type: string;
  reward_amount: number;
  updated_time: number;
}

export interface TaskEventsTable {
  user_id: number;
  day: number;
  kind: string;
  ref_id: number;
  created_time: number;
}

export interface TaskReadingTable {
  user_id: number;
  day: number;
  kind: string;
  seconds: number;
  last_report_time: number;
}

export interface TaskClaimsTable {
  id: Generated<number>;
  user_id: number;
  task_key: string;
  day: number;
  streak_day: Generated<number>;
  reward_type: string;
  reward_amount: number;
  cost: Generated<number>;
  created_time: number;
}
export type TaskClaimRow = Selectable<TaskClaimsTable>;

export interface TaskTables {
  task_defs: TaskDefsTable;
  task_checkin_days: TaskCheckinDaysTable;
  task_events: TaskEventsTable;
  task_reading: TaskReadingTable;
  task_claims: TaskClaimsTable;
}
