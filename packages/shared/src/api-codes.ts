/**
 * The stable response codes of the API (spec §8, protocol.md). Clients treat 1 and 200 as success,
 * show nothing for 11, and show `msg` as a bottom toast for everything else.
 */
export const ApiCode = {
  OK: 1,
  OK_ALT: 200,
  /** A failure the client does not announce (spec §8). */
  SILENT: 11,
  /** The session token is missing, unknown, revoked or belongs to another user (HTTP 401). */
  SESSION_INVALID: 401,
  UNKNOWN_CALL: 404,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The request has no `data` field or the wrong content type. */
  ENVELOPE_MISSING: 1001,
  /** `data` is not a sealed JSON object (not hex, bad length, bad padding, not JSON, not an object). */
  ENVELOPE_MALFORMED: 1002,
  /** The `apikey` merged into the body is not this deployment's. */
  APIKEY_INVALID: 1003,
  /** The `timestamp` merged into the body is outside the anti-replay window. */
  TIMESTAMP_STALE: 1004,
  /** The opened body does not match the call's schema. */
  PARAMS_INVALID: 1005,
  /** The action needs a registered (non-guest) account. */
  LOGIN_REQUIRED: 1006,
  /** Catalogue and reading (11xx): a VIP chapter (pay 2) opened without an active VIP. */
  VIP_REQUIRED: 1101,
  /** The work or chapter does not exist or is not published. */
  CONTENT_NOT_FOUND: 1102,
  /** Buying single chapters with coins is not available yet (monetization issue). */
  PURCHASE_UNAVAILABLE: 1103,
  /** Accounts (12xx): the verification code is wrong, expired, already used or out of attempts. */
  CODE_INVALID: 1201,
  /** The phone number or e-mail address already belongs to another account. */
  ACCOUNT_TAKEN: 1202,
  /** Wrong account or password (never says which). */
  LOGIN_FAILED: 1203,
  /** The identity card's credential is unknown, regenerated or its account deleted. */
  IDENTITY_CARD_INVALID: 1204,
  /** No QR code could be read from the uploaded image, or it is not an identity card. */
  QR_INVALID: 1205,
  /** The upload is missing, too large or not an image. */
  UPLOAD_INVALID: 1206,
  /** The e-mail or SMS with the code could not be handed to the provider. */
  DELIVERY_FAILED: 1207,
} as const;

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
