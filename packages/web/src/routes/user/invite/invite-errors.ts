import { ApiCode } from '@dm51/shared';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api/errors';

/** The invite refusals, said in the reader's language (the server's `msg` is English). */
const KEYS: Record<number, string> = {
  [ApiCode.INVITE_CODE_UNKNOWN]: 'invite.errUnknown',
  [ApiCode.INVITE_OWN_CODE]: 'invite.errOwn',
  [ApiCode.INVITE_ALREADY_BOUND]: 'invite.errAlready',
  [ApiCode.INVITE_WINDOW_PASSED]: 'invite.errWindow',
  [ApiCode.INVITE_NOT_NEWER]: 'invite.errNotNewer',
  [ApiCode.INVITE_DEVICE_LIMIT]: 'invite.errDevice',
  [ApiCode.INVITE_IP_LIMIT]: 'invite.errIp',
};

/** Codes the write page explains itself (so the client's toast stays quiet for them). */
export const INVITE_REFUSALS: readonly number[] = Object.keys(KEYS).map(Number);

/** The text for a refusal code, or the server's message for anything else. */
export function inviteRefusalText(t: TFunction, code: number, msg: string, windowDays: number): string {
  const key = KEYS[code];
  return key ? t(key, { days: windowDays }) : msg;
}

export function inviteErrorText(t: TFunction, error: unknown, windowDays: number): string {
  if (error instanceof ApiError && error.kind === 'code' && error.code !== undefined)
    return inviteRefusalText(t, error.code, error.message, windowDays);
  return '';
}
