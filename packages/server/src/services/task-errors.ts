/** The task centre's refusals (codes 1401–1419 of the shared catalogue). */
import { ApiCode } from '@dm51/shared';
import { AppError } from '../errors.js';

export const TaskErrors = {
  notFound: (key: string) => new AppError(ApiCode.TASK_NOT_FOUND, `No such task: ${key}`),
  unfinished: (progress: number, target: number) =>
    new AppError(ApiCode.TASK_UNFINISHED, `Task not finished yet (${progress}/${target})`),
  claimed: () => new AppError(ApiCode.TASK_CLAIMED, 'Reward already claimed'),
  checkedIn: () => new AppError(ApiCode.CHECKIN_DONE, 'Already checked in today, come back tomorrow'),
  makeupInvalid: (date: string) =>
    new AppError(
      ApiCode.MAKEUP_INVALID,
      `${date} is not a missed day of this week: only days before today since Monday can be made up`,
    ),
};
