/** The analytics refusals (codes 1451-1454), each with a message that says what to change. */
import { ANALYTICS_LIMITS, ApiCode } from '@dm51/shared';
import { AppError } from '../errors.js';

export const AnalyticsErrors = {
  batchTooLarge: (count: number) =>
    new AppError(
      ApiCode.ANALYTICS_BATCH_TOO_LARGE,
      `At most ${ANALYTICS_LIMITS.batchMax} events per batch (got ${count}); send them in smaller batches`,
    ),
  eventInvalid: (index: number, why: string) =>
    new AppError(ApiCode.ANALYTICS_EVENT_INVALID, `Analytics event ${index}: ${why}`),
  channelInvalid: () =>
    new AppError(
      ApiCode.ANALYTICS_CHANNEL_INVALID,
      "The channel code must be 1-40 letters, digits, '_' or '-'",
    ),
  rangeInvalid: (why: string) => new AppError(ApiCode.ANALYTICS_RANGE_INVALID, `Analytics range: ${why}`),
};
