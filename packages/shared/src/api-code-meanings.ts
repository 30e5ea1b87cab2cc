/**
 * What each API code means (api-codes.ts holds the numbers): the OpenAPI document's table of codes
 * and the server's tests read it. Typed by the codes' names, so a code without its meaning, or a
 * meaning without its code, does not compile.
 */
import { ApiCode, type ApiCodeName } from './api-codes.js';

export const API_CODE_MEANINGS: { readonly [K in ApiCodeName]: string } = {
  OK: 'Success; `data` holds the sealed response payload.',
  OK_ALT: 'Success (alternative code some clients send back; treated as 1).',
  SILENT: 'A failure the client does not announce (spec §8).',
  SESSION_INVALID: 'The session token is missing, unknown, revoked or belongs to another user (HTTP 401).',
  UNKNOWN_CALL: 'No such /v3 call (other paths answer HTTP 404).',
  RATE_LIMITED: 'Too many attempts: rate limit or lock-out; `msg` says how long to wait.',
  INTERNAL: 'HTTP 500. Unexpected server error (details are logged, never sent).',
  SERVICE_UNAVAILABLE:
    'HTTP 503. The server is overloaded or its database is unreachable for a moment; nothing was done. Retry after the `Retry-After` seconds.',
  ENVELOPE_MISSING: 'The request has no `data` field or the wrong content type.',
  ENVELOPE_MALFORMED:
    '`data` is not a sealed JSON object (not hex, bad length, bad padding, not JSON, not an object).',
  APIKEY_INVALID: "The `apikey` merged into the body is not this deployment's.",
  TIMESTAMP_STALE: 'The `timestamp` merged into the body is outside the anti-replay window.',
  PARAMS_INVALID: "The opened body does not match the call's schema.",
  LOGIN_REQUIRED: 'The action needs a registered (non-guest) account.',
  VIP_REQUIRED: 'Catalogue and reading (11xx): a VIP chapter (pay 2) opened without an active VIP.',
  CONTENT_NOT_FOUND: 'The work or chapter does not exist or is not published.',
  NOT_FOR_SALE: 'The chapter is free (or otherwise not sold), so there is nothing to buy.',
  CHAPTER_LOCKED: 'A coin chapter (pay 1) opened before this account unlocked it; no content is sent.',
  CODE_INVALID: 'Accounts (12xx): the verification code is wrong, expired, already used or out of attempts.',
  ACCOUNT_TAKEN: 'The phone number or e-mail address already belongs to another account.',
  LOGIN_FAILED: 'Wrong account or password (never says which).',
  IDENTITY_CARD_INVALID: "The identity card's credential is unknown, regenerated or its account deleted.",
  QR_INVALID: 'No QR code could be read from the uploaded image, or it is not an identity card.',
  UPLOAD_INVALID: 'The upload is missing, too large or not an image.',
  DELIVERY_FAILED: 'The e-mail or SMS with the code could not be handed to the provider.',
  BALANCE_SHORT:
    'Money (13xx): not enough coins for the purchase; `msg` says how many are missing. Nothing changed.',
  IDEMPOTENCY_CONFLICT: 'The idempotency key was already used for a different request.',
  ORDER_NOT_FOUND: "No such order for this account (another user's orders included).",
  ORDER_STATE: 'The order cannot do that in its state (e.g. paying an expired order, cancelling a paid one).',
  PRODUCT_UNAVAILABLE: 'The VIP plan or coin package does not exist or is not on sale.',
  PAYMENT_FAILED: 'The payment provider refused the request or could not be reached; nothing was charged.',
  PAYMENT_METHOD_UNAVAILABLE: 'This server does not offer that payment method.',
  INVITE_CODE_UNKNOWN: 'Invites (1421–1439): no registered account has this invite code. Nothing changed.',
  INVITE_OWN_CODE: 'The invite code is the caller’s own. Nothing changed.',
  INVITE_ALREADY_BOUND: 'The account already entered an invite code (only one per account). Nothing changed.',
  INVITE_WINDOW_PASSED:
    'The account is older than the invite window (`invite.window_days`). Nothing changed.',
  INVITE_NOT_NEWER:
    'The code belongs to an account newer than the caller’s (codes bring new users). Nothing changed.',
  INVITE_DEVICE_LIMIT:
    'This device already entered invite codes for `invite.max_accounts_per_device` accounts.',
  INVITE_IP_LIMIT:
    'This network address entered invite codes for `invite.max_accounts_per_ip` accounts in 24 hours.',
  TASK_NOT_FOUND: 'Tasks (1401–1419): no such task, or it is switched off.',
  TASK_UNFINISHED: 'The task is not finished yet (progress below its target); nothing was paid.',
  TASK_CLAIMED: 'The task was claimed already (today, for a daily task); nothing was paid again.',
  CHECKIN_DONE: 'Already checked in today; nothing was paid again.',
  MAKEUP_INVALID: 'A make-up check-in is only for a missed day of the current week, before today.',
  ANALYTICS_BATCH_TOO_LARGE:
    'Analytics (145x): more than 50 events in one batch; nothing was stored (split it).',
  ANALYTICS_EVENT_INVALID:
    'An analytics event has a name that is not snake case, more than 20 params or a start time in the future; `msg` names it. Nothing was stored.',
  ANALYTICS_CHANNEL_INVALID: "The channel code is not 1-40 letters, digits, '_' or '-'; nothing was stored.",
  ANALYTICS_RANGE_INVALID: 'A dashboard range is not two dates YYYY-MM-DD, from before to, at most 400 days.',
  AI_CREDITS_SHORT:
    'AI (1501–1549): no free try left today and not enough AI credits; `msg` says how many are missing. Nothing was charged.',
  AI_LOGIN_TO_BUY: 'Guests use their free tries; buying AI credits needs a registered account (bind first).',
  AI_JOBS_BUSY:
    'AI cos: this account already has the most generations allowed at once (AI_MAX_JOBS_PER_USER) queued or running; wait for one to finish. Nothing was charged.',
  AI_JOB_NOT_FOUND: "No such AI job or gallery image for this account (another user's included).",
  AI_STYLE_UNKNOWN: 'The AI cos style does not exist on this server; nothing was charged.',
  AI_SOURCE_INVALID:
    'AI cos needs exactly one source: an uploaded photo, or a work (its cover) or a comic page the account can read. Nothing was charged.',
  AI_PACK_UNKNOWN: 'The AI credit pack does not exist; nothing was charged.',
  AI_CHAT_BUSY:
    'AI chat (1530–1549): too many replies are being generated for this account at once; wait for one to finish.',
  AI_PROMPT_REFUSED:
    'The message contains a word the word filter refuses (the comment word filter). Nothing was charged.',
  AI_CHARACTER_UNKNOWN:
    'No such work or chapter, or that character is not one of the work (see /v3/ai/characters).',
  AI_GENERATION_FAILED: 'The text provider failed or timed out; what the message cost was given back.',
  AI_STREAM_EXPIRED: 'The stream token is unknown, used already or expired (it lives 60 s and opens once).',
  AI_CHAT_NO_MODEL:
    'Character chat needs a chat model, and the operator has not connected one (AI_CHAT_PROVIDER). Nothing was charged; /v3/ai/index says so in `chat_available`.',
  APP_TOKEN_LIMIT:
    'App tokens (1601–1619): the account already has the most app tokens allowed (10 live ones); revoke one first.',
  APP_TOKEN_NOT_FOUND: 'No such app token of this account (or it was revoked already). Nothing changed.',
  USER_BANNED:
    'Operator console (1701–1719): an operator banned this account from posting until the time in `msg`; nothing was posted.',
  ADMIN_AUTH_REQUIRED:
    'Console API (/admin/api, HTTP 401): no operator session, or it expired or was revoked.',
  ADMIN_FORBIDDEN: "Console API (HTTP 403): the operator's role may not do this.",
  ADMIN_CSRF:
    "Console API (HTTP 403): a changing call without the session's x-csrf-token header; nothing changed.",
  ADMIN_LOGIN_FAILED:
    'Console API (HTTP 401): wrong operator name, password or two-factor code (never says which).',
  ADMIN_TOTP_REQUIRED:
    'Console API (HTTP 401): name and password are right; send the current two-factor code too.',
  ADMIN_NOT_FOUND: 'Console API (HTTP 404): no such record.',
  ADMIN_INVALID:
    'Console API (HTTP 400): the request does not fit the call (the message says why); nothing changed.',
  ADMIN_CONFLICT:
    'Console API (HTTP 409): an idempotency key reused for a different request; nothing changed.',
  ADMIN_IMAGE_INVALID:
    'Console API (HTTP 400): the uploaded image is empty, over the size limit, not a JPEG/PNG/WebP/GIF/AVIF by its content, damaged, or decodes to too many pixels; nothing was stored.',
  METRICS_AUTH_REQUIRED:
    'Metrics (1740–1749; GET /metrics, HTTP 401): METRICS_TOKEN is set and the request has no `Authorization: Bearer` with it.',
  METRICS_FORBIDDEN:
    'Metrics (HTTP 403): without METRICS_TOKEN, /metrics is served to direct loopback clients only (no X-Forwarded-For or Forwarded header).',
};

/** Every code with its name and meaning (the OpenAPI document's list). */
export const API_CODES = /* @__PURE__ */ Object.fromEntries(
  (Object.keys(ApiCode) as ApiCodeName[]).map((name) => [
    name,
    { code: ApiCode[name], meaning: API_CODE_MEANINGS[name] },
  ]),
) as { readonly [K in ApiCodeName]: { code: (typeof ApiCode)[K]; meaning: string } };
