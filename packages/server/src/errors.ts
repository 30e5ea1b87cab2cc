/**
 * The one catalogue of errors a client can see. Every failure the server answers on purpose is built
 * here from a stable `ApiCode` (packages/shared), so codes and messages never drift between routes.
 * Anything that is not an AppError is unexpected: the error handler logs it and answers a generic 500.
 */
import { ApiCode, type ApiCodeValue, type EnvelopeFailure } from '@dm51/shared';

export class AppError extends Error {
  readonly code: ApiCodeValue;
  /** The protocol answers failures with HTTP 200 and a code; only an invalid session is HTTP 401. */
  readonly httpStatus: number;

  constructor(code: ApiCodeValue, msg: string, httpStatus = 200) {
    super(msg);
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

const ENVELOPE_FAILURE_MESSAGES: Record<EnvelopeFailure, string> = {
  not_hex: 'Malformed request: data is not a hex string',
  bad_length: 'Malformed request: data has an impossible length',
  bad_padding: 'Malformed request: data has bad padding (wrong key?)',
  not_json: 'Malformed request: data is not JSON',
  not_object: 'Malformed request: data is not a JSON object',
};

export const Errors = {
  envelopeMissing: () =>
    new AppError(
      ApiCode.ENVELOPE_MISSING,
      'Missing request data: send one form field "data" as application/x-www-form-urlencoded',
    ),
  envelopeMalformed: (failure: EnvelopeFailure) =>
    new AppError(ApiCode.ENVELOPE_MALFORMED, ENVELOPE_FAILURE_MESSAGES[failure]),
  apikeyInvalid: () => new AppError(ApiCode.APIKEY_INVALID, 'Invalid API key'),
  timestampStale: (windowS: number) =>
    new AppError(
      ApiCode.TIMESTAMP_STALE,
      `Request timestamp is outside the allowed window of ${windowS} s; check the device clock`,
    ),
  paramsInvalid: (field: string, reason: string) =>
    new AppError(
      ApiCode.PARAMS_INVALID,
      field ? `Invalid parameter "${field}": ${reason}` : `Invalid parameters: ${reason}`,
    ),
  sessionInvalid: () => new AppError(ApiCode.SESSION_INVALID, 'Session expired, please log in again', 401),
  loginRequired: () =>
    new AppError(ApiCode.LOGIN_REQUIRED, 'Please register or log in (bind a phone or e-mail) to do this'),
  unknownCall: (path: string) => new AppError(ApiCode.UNKNOWN_CALL, `Unknown call ${path}`),
  internal: () => new AppError(ApiCode.INTERNAL, 'Server error, please try again later', 500),
  // Accounts and identity.
  rateLimited: (msg: string) => new AppError(ApiCode.RATE_LIMITED, msg),
  codeInvalid: (msg: string) => new AppError(ApiCode.CODE_INVALID, msg),
  accountTaken: (kind: 'tel' | 'email') =>
    new AppError(
      ApiCode.ACCOUNT_TAKEN,
      kind === 'tel'
        ? 'This phone number is already registered to another account'
        : 'This e-mail address is already registered to another account',
    ),
  loginFailed: () => new AppError(ApiCode.LOGIN_FAILED, 'Wrong account or password'),
  passwordWrong: () => new AppError(ApiCode.LOGIN_FAILED, 'Wrong password'),
  identityCardInvalid: () =>
    new AppError(ApiCode.IDENTITY_CARD_INVALID, 'Login failed, check whether the identity card is valid'),
  qrInvalid: () => new AppError(ApiCode.QR_INVALID, 'Invalid QR code'),
  uploadInvalid: (msg: string) => new AppError(ApiCode.UPLOAD_INVALID, msg),
  deliveryFailed: (channel: 'sms' | 'email') =>
    new AppError(
      ApiCode.DELIVERY_FAILED,
      channel === 'sms'
        ? 'The SMS could not be sent, please try again later'
        : 'The e-mail could not be sent, please try again later',
    ),
} as const;
