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
