/** The invite programme's refusals (codes 1421–1427): each changes nothing and says why. */
import { ApiCode } from '@dm51/shared';
import { AppError } from '../errors.js';

export const InviteErrors = {
  unknownCode: () => new AppError(ApiCode.INVITE_CODE_UNKNOWN, 'No account has this invite code'),
  ownCode: () => new AppError(ApiCode.INVITE_OWN_CODE, 'This is your own invite code'),
  alreadyBound: () => new AppError(ApiCode.INVITE_ALREADY_BOUND, 'You have already entered an invite code'),
  windowPassed: (days: number) =>
    new AppError(
      ApiCode.INVITE_WINDOW_PASSED,
      `Invite codes can only be entered within ${days} days of joining`,
    ),
  notNewer: () =>
    new AppError(ApiCode.INVITE_NOT_NEWER, 'This invite code belongs to an account that joined after yours'),
  deviceLimit: () =>
    new AppError(
      ApiCode.INVITE_DEVICE_LIMIT,
      'This device has already been used to enter invite codes for too many accounts',
    ),
  ipLimit: () =>
    new AppError(
      ApiCode.INVITE_IP_LIMIT,
      'Too many accounts entered invite codes from this network today; please try again tomorrow',
    ),
};
