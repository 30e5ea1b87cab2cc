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
