/**
 * The stable response codes of the API (spec §8, protocol.md): one catalogue for the server's
 * errors, the web client and the OpenAPI document. Clients treat 1 and 200 as success, show nothing
 * for 11, and show `msg` as a bottom toast for everything else. What each code means is in
 * api-code-meanings.ts, apart: the web client needs the numbers in its first script, not the
 * sentences (they were 2.8 KiB of the 13.6 KiB that script sends).
 */
export const ApiCode = {
  OK: 1,
  OK_ALT: 200,
  SILENT: 11,
  SESSION_INVALID: 401,
  UNKNOWN_CALL: 404,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  ENVELOPE_MISSING: 1001,
  ENVELOPE_MALFORMED: 1002,
  APIKEY_INVALID: 1003,
  TIMESTAMP_STALE: 1004,
  PARAMS_INVALID: 1005,
  LOGIN_REQUIRED: 1006,
  VIP_REQUIRED: 1101,
  CONTENT_NOT_FOUND: 1102,
  NOT_FOR_SALE: 1103,
  CHAPTER_LOCKED: 1104,
  CODE_INVALID: 1201,
  ACCOUNT_TAKEN: 1202,
  LOGIN_FAILED: 1203,
  IDENTITY_CARD_INVALID: 1204,
  QR_INVALID: 1205,
  UPLOAD_INVALID: 1206,
  DELIVERY_FAILED: 1207,
  BALANCE_SHORT: 1301,
  IDEMPOTENCY_CONFLICT: 1302,
  ORDER_NOT_FOUND: 1303,
  ORDER_STATE: 1304,
  PRODUCT_UNAVAILABLE: 1305,
  PAYMENT_FAILED: 1306,
  PAYMENT_METHOD_UNAVAILABLE: 1308,
  INVITE_CODE_UNKNOWN: 1421,
  INVITE_OWN_CODE: 1422,
  INVITE_ALREADY_BOUND: 1423,
  INVITE_WINDOW_PASSED: 1424,
  INVITE_NOT_NEWER: 1425,
  INVITE_DEVICE_LIMIT: 1426,
  INVITE_IP_LIMIT: 1427,
  TASK_NOT_FOUND: 1401,
  TASK_UNFINISHED: 1402,
  TASK_CLAIMED: 1403,
  CHECKIN_DONE: 1404,
  MAKEUP_INVALID: 1405,
  ANALYTICS_BATCH_TOO_LARGE: 1451,
  ANALYTICS_EVENT_INVALID: 1452,
  ANALYTICS_CHANNEL_INVALID: 1453,
  ANALYTICS_RANGE_INVALID: 1454,
  AI_CREDITS_SHORT: 1501,
  AI_LOGIN_TO_BUY: 1502,
  AI_JOBS_BUSY: 1510,
  AI_JOB_NOT_FOUND: 1511,
  AI_STYLE_UNKNOWN: 1512,
  AI_SOURCE_INVALID: 1513,
  AI_PACK_UNKNOWN: 1514,
  AI_CHAT_BUSY: 1530,
  AI_PROMPT_REFUSED: 1531,
  AI_CHARACTER_UNKNOWN: 1532,
  AI_GENERATION_FAILED: 1533,
  AI_STREAM_EXPIRED: 1534,
  APP_TOKEN_LIMIT: 1601,
  APP_TOKEN_NOT_FOUND: 1602,
  USER_BANNED: 1701,
  ADMIN_AUTH_REQUIRED: 1702,
  ADMIN_FORBIDDEN: 1703,
  ADMIN_CSRF: 1704,
  ADMIN_LOGIN_FAILED: 1705,
  ADMIN_TOTP_REQUIRED: 1706,
  ADMIN_NOT_FOUND: 1707,
  ADMIN_INVALID: 1708,
  ADMIN_CONFLICT: 1709,
  ADMIN_IMAGE_INVALID: 1710,
  METRICS_AUTH_REQUIRED: 1740,
  METRICS_FORBIDDEN: 1741,
} as const;

export type ApiCodeName = keyof typeof ApiCode;

export type ApiCodeValue = (typeof ApiCode)[keyof typeof ApiCode];

export function isSuccessCode(code: number): boolean {
  return code === ApiCode.OK || code === ApiCode.OK_ALT;
}

/** The response envelope; `data` is sealed on the wire. */
export interface ApiResponse<T = unknown> {
  code: number;
  msg: string;
  data: T | null;
}
