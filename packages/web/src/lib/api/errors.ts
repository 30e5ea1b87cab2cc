/**
 * Why a call failed. The client has already told the user (or deliberately not, for 'silent' and
 * 'no-host'), so callers only decide what the screen shows next.
 */
export type ApiErrorKind =
  | 'code' // the server answered with a non-success code
  | 'silent' // code 11: a failure the spec says to show nothing for
  | 'unauthorized' // HTTP 401: the session was cleared
  | 'transport' // network error, timeout, non-JSON or HTTP error
  | 'offline' // the device has no connection (navigator.onLine false): no toast, the screen says so
  | 'invalid' // the opened payload is not a JSON object
  | 'no-host'; // no API host is known yet

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** True when the server was never reached (no connection, a timeout, a refused connection). */
  unreachable = false;
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

/** True when the call failed with this response code (e.g. ApiCode.VIP_REQUIRED). */
export function isApiCode(error: unknown, code: number): boolean {
  return error instanceof ApiError && error.kind === 'code' && error.code === code;
}

/**
 * True when the call never reached the server: what an offline fallback (a downloaded chapter, a
 * list as last seen, a queued reading place) answers for, unlike a code the server gave.
 */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'offline' || error.unreachable);
}
