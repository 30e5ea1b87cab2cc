/**
 * The community calls' failures, built on the shared codes (errors.ts is the accounts' and
 * catalogue's catalogue; these keep the spec's exact texts, which the generic paramsInvalid would
 * prefix).
 */
import { ApiCode } from '@dm51/shared';
import { AppError } from '../errors.js';

export const CommunityErrors = {
  commentTooShort: () => new AppError(ApiCode.PARAMS_INVALID, 'comment too short!'),
  commentTooLong: (max: number) =>
    new AppError(ApiCode.PARAMS_INVALID, `comment too long! (at most ${max} characters)`),
  selfBlock: () => new AppError(ApiCode.PARAMS_INVALID, 'You cannot block yourself!'),
  /** Unknown, invisible or someone else's: never says which. */
  commentNotFound: () => new AppError(ApiCode.CONTENT_NOT_FOUND, 'The comment does not exist or was removed'),
  workNotFound: () => new AppError(ApiCode.CONTENT_NOT_FOUND, 'The work does not exist'),
  userNotFound: () => new AppError(ApiCode.CONTENT_NOT_FOUND, 'The user does not exist'),
  messageNotFound: () => new AppError(ApiCode.CONTENT_NOT_FOUND, 'The message does not exist'),
  imageNotFound: () =>
    new AppError(ApiCode.PARAMS_INVALID, 'An attached image was not uploaded here; upload it again'),
  feedbackTooShort: (min: number) =>
    new AppError(ApiCode.PARAMS_INVALID, `Please describe the problem in at least ${min} characters`),
  feedbackTooLong: (max: number) =>
    new AppError(ApiCode.PARAMS_INVALID, `Feedback is too long (at most ${max} characters)`),
  /** An operator banned the account from posting (operator console). */
  banned: (until: number) =>
    new AppError(
      ApiCode.USER_BANNED,
      `You cannot post comments until ${new Date(until * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    ),
} as const;
