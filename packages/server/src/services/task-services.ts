/** Wiring of the task centre: check-in, tasks, progress and claims. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { CatalogueRepository } from '../repositories/catalogue.repository.js';
import { SettingsRepository } from '../repositories/settings.repository.js';
import { TaskRepository } from '../repositories/task.repository.js';
import type { FriendMilestones } from './growth-hooks.js';
import type { MoneyServices } from './money-services.js';
import type { ServiceDeps } from './service-deps.js';
import { TaskCheckinService } from './task-checkin.service.js';
import { TaskClock } from './task-clock.js';
import { loadTaskConfig } from './task-config.js';
import { TaskEventsService } from './task-events.service.js';
import { TaskService } from './task.service.js';

export interface TaskServices {
  tasks: TaskService;
  checkin: TaskCheckinService;
  /** What reader, comment and shelf routes report (and the readers' time reports). */
  events: TaskEventsService;
  /** The task day clock; tests move it with `clock.shift(seconds)`. */
  clock: TaskClock;
}

export function createTaskServices(
  db: Database,
  log: FastifyBaseLogger,
  _deps: ServiceDeps,
  { money, milestones }: { money: MoneyServices; milestones: FriendMilestones },
): TaskServices {
  const config = loadTaskConfig(process.env);
  const clock = new TaskClock(config.timeZone, config.clockOffsetFile);
  if (config.clockOffsetFile)
    log.warn({ file: config.clockOffsetFile }, 'DM51_TEST_CLOCK: the task clock follows a test offset file');
  const repo = new TaskRepository(db);
  return {
    tasks: new TaskService(repo, money.ledger, money.wallet, milestones, clock),
    checkin: new TaskCheckinService(repo, new SettingsRepository(db), money.ledger, money.wallet, clock),
    events: new TaskEventsService(
      repo,
      new CatalogueRepository(db),
      money.ledger,
      clock,
      log.child({ module: 'tasks' }),
    ),
    clock,
  };
}
