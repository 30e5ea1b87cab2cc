/**
 * The stable response codes of the API (spec §8, protocol.md), each with what it means: one
 * catalogue for the server's errors, the web client and the OpenAPI document. Clients treat 1 and
 * 200 as success, show nothing for 11, and show `msg` as a bottom toast for everything else.
 */
export const API_CODES = {
  OK: { code: 1, meaning: 'Success; `data` holds the sealed response payload.' },
  OK_ALT: { code: 200, meaning: 'Success (alternative code some clients send back; treated as 1).' },
  SILENT: { code: 11, meaning: 'A failure the client does not announce (spec §8).' },
  SESSION_INVALID: {
    code: 401,
    meaning: 'The session token is missing, unknown, revoked or belongs to another user (HTTP 401).',
  },
  UNKNOWN_CALL: { code: 404, meaning: 'No such /v3 call (other paths answer HTTP 404).' },
  RATE_LIMITED: {
    code: 429,
    meaning: 'Too many attempts: rate limit or lock-out; `msg` says how long to wait.',
  },
  INTERNAL: { code: 500, meaning: 'HTTP 500. Unexpected server error (details are logged, never sent).' },
  SERVICE_UNAVAILABLE: {
    code: 503,
    meaning:
      'HTTP 503. The server is overloaded or its database is unreachable for a moment; nothing was done. Retry after the `Retry-After` seconds.',
  },
  ENVELOPE_MISSING: { code: 1001, meaning: 'The request has no `data` field or the wrong content type.' },
  ENVELOPE_MALFORMED: {
    code: 1002,
    meaning:
      '`data` is not a sealed JSON object (not hex, bad length, bad padding, not JSON, not an object).',
  },
  APIKEY_INVALID: { code: 1003, meaning: "The `apikey` merged into the body is not this deployment's." },
  TIMESTAMP_STALE: {
    code: 1004,
    meaning: 'The `timestamp` merged into the body is outside the anti-replay window.',
  },
  PARAMS_INVALID: { code: 1005, meaning: "The opened body does not match the call's schema." },
  LOGIN_REQUIRED: { code: 1006, meaning: 'The action needs a registered (non-guest) account.' },
  VIP_REQUIRED: {
    code: 1101,
    meaning: 'Catalogue and reading (11xx): a VIP chapter (pay 2) opened without an active VIP.',
  },
  CONTENT_NOT_FOUND: { code: 1102, meaning: 'The work or chapter does not exist or is not published.' },
  NOT_FOR_SALE: {
    code: 1103,
    meaning: 'The chapter is free (or otherwise not sold), so there is nothing to buy.',
  },
  CHAPTER_LOCKED: {
    code: 1104,
    meaning: 'A coin chapter (pay 1) opened before this account unlocked it; no content is sent.',
  },
  CODE_INVALID: {
    code: 1201,
    meaning: 'Accounts (12xx): the verification code is wrong, expired, already used or out of attempts.',
  },
  ACCOUNT_TAKEN: {
    code: 1202,
    meaning: 'The phone number or e-mail address already belongs to another account.',
  },
  LOGIN_FAILED: { code: 1203, meaning: 'Wrong account or password (never says which).' },
  IDENTITY_CARD_INVALID: {
    code: 1204,
    meaning: "The identity card's credential is unknown, regenerated or its account deleted.",
  },
  QR_INVALID: {
    code: 1205,
    meaning: 'No QR code could be read from the uploaded image, or it is not an identity card.',
  },
  UPLOAD_INVALID: { code: 1206, meaning: 'The upload is missing, too large or not an image.' },
  DELIVERY_FAILED: {
    code: 1207,
    meaning: 'The e-mail or SMS with the code could not be handed to the provider.',
  },
  BALANCE_SHORT: {
    code: 1301,
    meaning:
      'Money (13xx): not enough coins for the purchase; `msg` says how many are missing. Nothing changed.',
  },
  IDEMPOTENCY_CONFLICT: {
    code: 1302,
    meaning: 'The idempotency key was already used for a different request.',
  },
  ORDER_NOT_FOUND: {
    code: 1303,
    meaning: "No such order for this account (another user's orders included).",
  },
  ORDER_STATE: {
    code: 1304,
    meaning: 'The order cannot do that in its state (e.g. paying an expired order, cancelling a paid one).',
  },
  PRODUCT_UNAVAILABLE: {
    code: 1305,
    meaning: 'The VIP plan or coin package does not exist or is not on sale.',
  },
  PAYMENT_FAILED: {
    code: 1306,
    meaning: 'The payment provider refused the request or could not be reached; nothing was charged.',
  },
  PAYMENT_METHOD_UNAVAILABLE: { code: 1308, meaning: 'This server does not offer that payment method.' },
  INVITE_CODE_UNKNOWN: {
    code: 1421,
    meaning: 'Invites (1421–1439): no registered account has this invite code. Nothing changed.',
  },
  INVITE_OWN_CODE: { code: 1422, meaning: 'The invite code is the caller’s own. Nothing changed.' },
  INVITE_ALREADY_BOUND: {
    code: 1423,
    meaning: 'The account already entered an invite code (only one per account). Nothing changed.',
  },
  INVITE_WINDOW_PASSED: {
    code: 1424,
    meaning: 'The account is older than the invite window (`invite.window_days`). Nothing changed.',
  },
  INVITE_NOT_NEWER: {
    code: 1425,
    meaning:
      'The code belongs to an account newer than the caller’s (codes bring new users). Nothing changed.',
  },
  INVITE_DEVICE_LIMIT: {
    code: 1426,
    meaning: 'This device already entered invite codes for `invite.max_accounts_per_device` accounts.',
  },
  INVITE_IP_LIMIT: {
    code: 1427,
    meaning:
      'This network address entered invite codes for `invite.max_accounts_per_ip` accounts in 24 hours.',
  },
  TASK_NOT_FOUND: {
    code: 1401,
    meaning: 'Tasks (1401–1419): no such task, or it is switched off.',
  },
  TASK_UNFINISHED: {
    code: 1402,
    meaning: 'The task is not finished yet (progress below its target); nothing was paid.',
  },
  TASK_CLAIMED: {
    code: 1403,
    meaning: 'The task was claimed already (today, for a daily task); nothing was paid again.',
  },
  CHECKIN_DONE: { code: 1404, meaning: 'Already checked in today; nothing was paid again.' },
  MAKEUP_INVALID: {
    code: 1405,
    meaning: 'A make-up check-in is only for a missed day of the current week, before today.',
  },
  ANALYTICS_BATCH_TOO_LARGE: {
    code: 1451,
    meaning: 'Analytics (145x): more than 50 events in one batch; nothing was stored (split it).',
  },
  ANALYTICS_EVENT_INVALID: {
    code: 1452,
    meaning:
      'An analytics event has a name that is not snake case, more than 20 params or a start time in the future; `msg` names it. Nothing was stored.',
  },
  ANALYTICS_CHANNEL_INVALID: {
    code: 1453,
    meaning: "The channel code is not 1-40 letters, digits, '_' or '-'; nothing was stored.",
  },
  ANALYTICS_RANGE_INVALID: {
    code: 1454,
    meaning: 'A dashboard range is not two dates YYYY-MM-DD, from before to, at most 400 days.',
  },
  AI_CREDITS_SHORT: {
    code: 1501,
    meaning:
      'AI (1501–1549): no free try left today and not enough AI credits; `msg` says how many are missing. Nothing was charged.',
  },
  AI_LOGIN_TO_BUY: {
    code: 1502,
    meaning: 'Guests use their free tries; buying AI credits needs a registered account (bind first).',
  },
  AI_JOBS_BUSY: {
    code: 1510,
    meaning:
      'AI cos: this account already has the most generations allowed at once (AI_MAX_JOBS_PER_USER) queued or running; wait for one to finish. Nothing was charged.',
  },
  AI_JOB_NOT_FOUND: {
    code: 1511,
    meaning: "No such AI job or gallery image for this account (another user's included).",
  },
  AI_STYLE_UNKNOWN: {
    code: 1512,
    meaning: 'The AI cos style does not exist on this server; nothing was charged.',
  },
  AI_SOURCE_INVALID: {
    code: 1513,
    meaning:
      'AI cos needs exactly one source: an uploaded photo, or a work (its cover) or a comic page the account can read. Nothing was charged.',
  },
  AI_PACK_UNKNOWN: {
    code: 1514,
    meaning: 'The AI credit pack does not exist; nothing was charged.',
  },
  AI_CHAT_BUSY: {
    code: 1530,
    meaning:
      'AI chat (1530–1549): too many replies are being generated for this account at once; wait for one to finish.',
  },
  AI_PROMPT_REFUSED: {
    code: 1531,
    meaning:
      'The message contains a word the word filter refuses (the comment word filter). Nothing was charged.',
  },
  AI_CHARACTER_UNKNOWN: {
    code: 1532,
    meaning: 'No such work or chapter, or that character is not one of the work (see /v3/ai/characters).',
  },
  AI_GENERATION_FAILED: {
    code: 1533,
    meaning: 'The text provider failed or timed out; what the message cost was given back.',
  },
  AI_STREAM_EXPIRED: {
    code: 1534,
    meaning: 'The stream token is unknown, used already or expired (it lives 60 s and opens once).',
  },
  APP_TOKEN_LIMIT: {
    code: 1601,
    meaning:
      'App tokens (1601–1619): the account already has the most app tokens allowed (10 live ones); revoke one first.',
  },
  APP_TOKEN_NOT_FOUND: {
    code: 1602,
    meaning: 'No such app token of this account (or it was revoked already). Nothing changed.',
  },
  USER_BANNED: {
    code: 1701,
    meaning:
      'Operator console (1701–1719): an operator banned this account from posting until the time in `msg`; nothing was posted.',
  },
  ADMIN_AUTH_REQUIRED: {
    code: 1702,
    meaning: 'Console API (/admin/api, HTTP 401): no operator session, or it expired or was revoked.',
  },
  ADMIN_FORBIDDEN: { code: 1703, meaning: "Console API (HTTP 403): the operator's role may not do this." },
  ADMIN_CSRF: {
    code: 1704,
    meaning:
      "Console API (HTTP 403): a changing call without the session's x-csrf-token header; nothing changed.",
  },
  ADMIN_LOGIN_FAILED: {
    code: 1705,
    meaning: 'Console API (HTTP 401): wrong operator name, password or two-factor code (never says which).',
  },
  ADMIN_TOTP_REQUIRED: {
    code: 1706,
    meaning: 'Console API (HTTP 401): name and password are right; send the current two-factor code too.',
  },
  ADMIN_NOT_FOUND: { code: 1707, meaning: 'Console API (HTTP 404): no such record.' },
  ADMIN_INVALID: {
    code: 1708,
    meaning:
      'Console API (HTTP 400): the request does not fit the call (the message says why); nothing changed.',
  },
  ADMIN_CONFLICT: {
    code: 1709,
    meaning: 'Console API (HTTP 409): an idempotency key reused for a different request; nothing changed.',
  },
  ADMIN_IMAGE_INVALID: {
    code: 1710,
    meaning:
      'Console API (HTTP 400): the uploaded image is empty, over the size limit, not a JPEG/PNG/WebP/GIF/AVIF by its content, damaged, or decodes to too many pixels; nothing was stored.',
  },
  METRICS_AUTH_REQUIRED: {
    code: 1740,
    meaning:
      'Metrics (1740–1749; GET /metrics, HTTP 401): METRICS_TOKEN is set and the request has no `Authorization: Bearer` with it.',
  },
  METRICS_FORBIDDEN: {
    code: 1741,
    meaning:
      'Metrics (HTTP 403): without METRICS_TOKEN, /metrics is served to direct loopback clients only (no X-Forwarded-For or Forwarded header).',
  },
} as const;

export type ApiCodeName = keyof typeof API_CODES;

/** The codes by name (`ApiCode.VIP_REQUIRED` is 1101), typed as their literal values. */
export const ApiCode = Object.fromEntries(
  Object.entries(API_CODES).map(([name, entry]) => [name, entry.code]),
) as { readonly [K in ApiCodeName]: (typeof API_CODES)[K]['code'] };

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
